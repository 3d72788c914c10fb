/** NFC-e monitoring (domain §3.8): the statuses, the spec's filter and its mapping, the reads' shapes. */
export * from './filtro-monitor';
export * from './monitor.contrato';
export * from './status-documento';
export * from './link-monitor';
