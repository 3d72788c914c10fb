export * from './zonas';
