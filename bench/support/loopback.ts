/**
 * Client addresses for the benchmarks' many clients: each gets its own loopback address
 * (127.0.0.0/8, all routed to `lo` on Linux), so the server's per-address limits (new socket
 * connections, call requests, sign-ins) stay at their defaults and still never decide a figure.
 * 127.0.0.1 is left to the server and the floor; bench clients start at 127.20.0.1.
 */
import { Agent } from 'node:http';

/** The n-th bench client address (n ≥ 0): 127.20.0.1, 127.20.0.2, …, 127.20.0.254, 127.20.1.1, … */
export function loopbackAddress(n: number): string {
  const host = (n % 254) + 1;
  const net = Math.floor(n / 254);
  return `127.${20 + Math.floor(net / 256)}.${net % 256}.${host}`;
}

/** socket.io-client options that connect from `address` (the option reaches Node's `ws`). */
export const fromAddress = (address: string): object => ({ localAddress: address });

const agents = new Map<string, Agent>();

/** A keep-alive HTTP agent whose connections leave from `address` (for node:http requests). */
export function agentFor(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 4 });
    agents.set(address, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
