import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface NatsConfig {
  /** e.g. `nats://127.0.0.1:4222`; several comma-separated. */
  servers: string;
  /** Client name shown by the server, e.g. `trawl-api`. */
  name: string;
}

/** One connection per process; reconnects forever, so a NATS restart does not kill the app. */
export function connectNats(config: NatsConfig): Promise<NatsConnection> {
  return connect({
    servers: config.servers.split(',').map((s) => s.trim()),
    name: config.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
}
