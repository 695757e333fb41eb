import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests Node refuses before Express sees them (headers over Node's 16 KB limit, malformed
 * request lines) get the error envelope too, instead of a bare status line.
 */
export function answerClientErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      success: false,
      code: tooLarge ? 'REQUEST_HEADER_FIELDS_TOO_LARGE' : 'BAD_REQUEST',
      error: tooLarge ? 'Request headers are larger than 16 KB' : 'Malformed HTTP request',
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
