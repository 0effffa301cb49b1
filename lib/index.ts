export * from './core/issues';
