/**
 * An indicator's chart on Apache ECharts (only the pieces used are loaded): line and bar compare the period with
 * the previous one; a pie shows the period's shares. Colours come from the tenant's theme (its palette first,
 * then neutral greys); numbers in pt-BR; a click on a point or slice tells which row it was.
 */
import { useMantineTheme } from '@mantine/core';
import { formatarDecimal, type ResultadoIndicador } from '@retaguarda/domain';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { rotuloDaLinha, valorFormatado } from './formato';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

interface Props {
  resultado: ResultadoIndicador;
  tipo: 'LINHA' | 'BARRA' | 'PIZZA';
  linhas: string;
  altura?: number;
  aoClicar?: (indice: number) => void;
  rotulo: string;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function Grafico({ resultado: r, tipo, linhas, altura = 240, aoClicar, rotulo }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const tema = useMantineTheme();
  const paleta = tema.colors[tema.primaryColor] ?? tema.colors.blue!;
  useEffect(() => {
    if (!ref.current) return;
    const grafico = echarts.init(ref.current, undefined, { renderer: 'canvas', locale: 'PT-br' });
    const fmt = (v: unknown) => valorFormatado(r.unidade, v === null || v === undefined ? null : String(v));
    const cores = [paleta[6], paleta[3], paleta[8], paleta[4], paleta[9], paleta[2], '#868e96', '#adb5bd', '#495057'];
    const rotulos = r.linhas.map((l) => rotuloDaLinha(linhas, l.rotulo));
    const tooltip = { trigger: tipo === 'PIZZA' ? 'item' : 'axis', valueFormatter: fmt, confine: true } as const;
    grafico.setOption(
      tipo === 'PIZZA'
        ? {
            color: cores,
            tooltip,
            legend: { type: 'scroll', bottom: 0, textStyle: { fontSize: 11 } },
            series: [
              {
                type: 'pie',
                radius: ['32%', '62%'],
                center: ['50%', '44%'],
                data: r.linhas.map((l, i) => ({ name: rotulos[i], value: num(l.atual) })),
                // the names in the legend below, the slice only its pt-BR percent: a long name ("Cartão de
                // crédito") beside the slice was cut at the card's edge
                label: {
                  formatter: (x: { percent?: number }) =>
                    `${formatarDecimal(String((x.percent ?? 0).toFixed(1)), 1)} %`,
                  fontSize: 11,
                },
              },
            ],
          }
        : {
            color: [paleta[6], '#adb5bd'],
            tooltip,
            legend: { bottom: 0, textStyle: { fontSize: 11 } },
            grid: { left: 8, right: 12, top: 12, bottom: 36, containLabel: true },
            xAxis: { type: 'category', data: rotulos, axisLabel: { fontSize: 11, hideOverlap: true } },
            yAxis: {
              type: 'value',
              axisLabel: {
                fontSize: 11,
                formatter: (v: number) => new Intl.NumberFormat('pt-BR', { notation: 'compact' }).format(v),
              },
            },
            series: [
              {
                name: 'Período',
                type: tipo === 'LINHA' ? 'line' : 'bar',
                data: r.linhas.map((l) => num(l.atual)),
              },
              {
                name: 'Período anterior',
                type: tipo === 'LINHA' ? 'line' : 'bar',
                data: r.linhas.map((l) => num(l.anterior)),
                lineStyle: { type: 'dashed' },
              },
            ],
          },
    );
    grafico.on('click', (e) => aoClicar?.(e.dataIndex));
    const ro = new ResizeObserver(() => grafico.resize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      grafico.dispose();
    };
  }, [r, tipo, linhas, paleta, aoClicar]);
  return <div ref={ref} style={{ height: altura, width: '100%' }} role="img" aria-label={rotulo} />;
}
