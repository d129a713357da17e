export * from './forwarder';
