import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** The A and AAAA records of one name. */
export interface DnsRecords {
  a?: string[];
  aaaa?: string[];
}

export interface RunningDnsServer {
  /** `127.0.0.1:<port>`, the form `DNS_SERVERS` takes. */
  address: string;
  /** Names asked for, in order (lower case, no trailing dot). */
  readonly questions: readonly string[];
  stop(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;
const RCODE_NXDOMAIN = 3;
const RCODE_NOTIMP = 4;

/**
 * A UDP DNS server on loopback that answers A and AAAA questions from a table (RFC 1035 wire format):
 * a name it lacks is NXDOMAIN, a type it lacks an empty answer (NODATA).
 */
export async function startDnsServer(table: Record<string, DnsRecords>): Promise<RunningDnsServer> {
  const questions: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const question = parseQuestion(query);
    if (!question) return;
    questions.push(question.name);
    socket.send(answer(query, question, table), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    questions,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

interface Question {
  name: string;
  type: number;
  /** Offset just past the question (name, type, class). */
  end: number;
}

/** The first question of a query: its name's labels, then type and class. */
function parseQuestion(query: Buffer): Question | undefined {
  if (query.length < 12 || query.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  if (offset + 5 > query.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset + 1), end: offset + 5 };
}

function answer(query: Buffer, question: Question, table: Record<string, DnsRecords>): Buffer {
  const records = table[question.name];
  const addresses =
    question.type === TYPE_A ? (records?.a ?? []) : question.type === TYPE_AAAA ? (records?.aaaa ?? []) : [];
  const rcode = !records
    ? RCODE_NXDOMAIN
    : question.type === TYPE_A || question.type === TYPE_AAAA
      ? 0
      : RCODE_NOTIMP;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
  header.writeUInt16BE(0x8180 | (query.readUInt16BE(2) & 0x0100) | rcode, 2); // response, recursion available, RD echoed
  header.writeUInt16BE(1, 4); // the question, echoed
  header.writeUInt16BE(addresses.length, 6);
  const resourceRecords = addresses.map((address) => {
    const data = question.type === TYPE_A ? ipv4Bytes(address) : ipv6Bytes(address);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(question.type, 2);
    fixed.writeUInt16BE(1, 4); // class IN
    fixed.writeUInt32BE(0, 6); // TTL 0: never cached
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...resourceRecords]);
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const headGroups = groups(head);
  const tailGroups = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return Buffer.from(
    [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
      const value = Number.parseInt(group, 16);
      return [value >> 8, value & 255];
    }),
  );
}
