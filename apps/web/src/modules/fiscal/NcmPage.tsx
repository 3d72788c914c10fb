/**
 * /ncm (spec §2.4): the NCM list and, on a second tab, the NCM groups' list. /gruponcm is the
 * create screen the spec names and /gruponcm/:gruponcm the edit one, so the groups are listed here.
 */
import { Stack, Tabs } from '@mantine/core';
import { registerByKey } from '@retaguarda/domain';
import { useSearchParams } from 'react-router';
import { RegisterListPage } from '../../registers/RegisterListPage';

const ncm = registerByKey('ncm')!;
const grupoNcm = registerByKey('grupoNcm')!;

export function NcmPage() {
  const [params, setParams] = useSearchParams();
  const aba = params.get('aba') === 'grupos' ? 'grupos' : 'ncm';
  return (
    <Stack gap="sm">
      <Tabs
        value={aba}
        // each tab's list keeps its own filter in the URL: a new tab starts clean
        onChange={(v) => setParams(v === 'grupos' ? { aba: 'grupos' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="ncm" data-cy="aba-ncm">
            NCM
          </Tabs.Tab>
          <Tabs.Tab value="grupos" data-cy="aba-grupos-ncm">
            Grupos de NCM
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <RegisterListPage key={aba} def={aba === 'grupos' ? grupoNcm : ncm} />
    </Stack>
  );
}
