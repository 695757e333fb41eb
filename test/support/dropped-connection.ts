/**
 * A Jest worker's keep-alive connection that the server closes (idle) just as it is reused fails
 * before any answer: a closed socket (UND_ERR_SOCKET) or, when the request already reached a socket
 * the server had destroyed, a reset (ECONNRESET). Asked once more, on a new connection, as HTTP
 * clients do; a second failure is the answer.
 */
export function onceMoreIfConnectionDropped<T>(send: () => Promise<T>): Promise<T> {
  return send().catch((error: Error) => {
    const code = (error.cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return send();
  });
}
