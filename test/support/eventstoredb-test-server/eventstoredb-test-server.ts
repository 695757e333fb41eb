import { randomUUID } from 'node:crypto';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import * as grpc from '@grpc/grpc-js';
import {
  type Expectation,
  InMemoryLog,
  type LogRecord,
  type ProposedEvent,
  StreamTombstonedError,
  WrongExpectedError,
} from './in-memory-log.js';

/**
 * An in-process gRPC server speaking EventStoreDB's Streams service (the client package's own
 * generated service definitions), so the real `@eventstore/db-client` can be tested over the real
 * wire without an EventStoreDB server: Append (revision checks, idempotent retries), Read of a
 * stream and of `$all` (forwards and backwards, from a revision or position), `$all`
 * subscriptions (catch-up, then live), Delete (soft) and Tombstone. Not implemented (the client
 * copes): ServerFeatures (so the client appends with Append, not BatchAppend), Gossip (a
 * single-node `?tls=false` connection string needs none), filters, stream subscriptions.
 */
export class EventStoreDbTestServer {
  readonly log = new InMemoryLog();
  private readonly server = new grpc.Server({ 'grpc.max_receive_message_length': 64 * 1024 * 1024 });
  private port = 0;

  static async start(): Promise<EventStoreDbTestServer> {
    const server = new EventStoreDbTestServer();
    await server.listen();
    return server;
  }

  /**
   * Calls may take 60 s instead of the client's 10 s default: server and client share one event
   * loop here, on test machines that are often saturated, and a 2,000-event append is one call.
   */
  get connectionString(): string {
    return `esdb://127.0.0.1:${this.port}?tls=false&defaultDeadline=60000`;
  }

  async stop(): Promise<void> {
    this.server.forceShutdown();
  }

  private async listen(): Promise<void> {
    this.server.addService(streamsGrpc.StreamsService, {
      read: (call: grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>) => this.read(call),
      append: (
        call: grpc.ServerReadableStream<streamsPb.AppendReq, streamsPb.AppendResp>,
        callback: grpc.sendUnaryData<streamsPb.AppendResp>,
      ) => this.append(call, callback),
      delete: (
        call: grpc.ServerUnaryCall<streamsPb.DeleteReq, streamsPb.DeleteResp>,
        callback: grpc.sendUnaryData<streamsPb.DeleteResp>,
      ) => this.delete(call, callback),
      tombstone: (
        call: grpc.ServerUnaryCall<streamsPb.TombstoneReq, streamsPb.TombstoneResp>,
        callback: grpc.sendUnaryData<streamsPb.TombstoneResp>,
      ) => this.tombstone(call, callback),
      batchAppend: (call: grpc.ServerDuplexStream<unknown, unknown>) =>
        call.emit(
          'error',
          failure(grpc.status.UNIMPLEMENTED, 'BatchAppend is not implemented by the test server'),
        ),
    });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
  }

  private append(
    call: grpc.ServerReadableStream<streamsPb.AppendReq, streamsPb.AppendResp>,
    callback: grpc.sendUnaryData<streamsPb.AppendResp>,
  ): void {
    let options: streamsPb.AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    call.on('data', (request: streamsPb.AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      const message = request.getProposedMessage();
      if (!message) return;
      const metadata = message.getMetadataMap();
      events.push({
        id: uuidOf(message.getId()),
        type: metadata.get('type') ?? '',
        contentType: metadata.get('content-type') ?? 'application/octet-stream',
        data: message.getData_asU8(),
        customMetadata: message.getCustomMetadata_asU8(),
      });
    });
    call.on('end', () => {
      if (!options) return callback(failure(grpc.status.INVALID_ARGUMENT, 'Append without options'));
      const streamName = streamNameOf(options.getStreamIdentifier());
      const expected: Expectation = options.hasRevision()
        ? BigInt(options.getRevision())
        : options.hasNoStream()
          ? 'no_stream'
          : options.hasStreamExists()
            ? 'stream_exists'
            : 'any';
      try {
        const outcome = this.log.append(streamName, events, expected);
        const response = new streamsPb.AppendResp();
        if (outcome.kind === 'success') {
          const success = new streamsPb.AppendResp.Success();
          success.setCurrentRevision(String(outcome.currentRevision));
          const position = new streamsPb.AppendResp.Position();
          position.setCommitPosition(outcome.commitPosition.toString());
          position.setPreparePosition(outcome.preparePosition.toString());
          success.setPosition(position);
          response.setSuccess(success);
        } else {
          const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
          if (outcome.current === 'no_stream') wrong.setCurrentNoStream(new sharedPb.Empty());
          else wrong.setCurrentRevision(String(outcome.current));
          if (typeof outcome.expected === 'bigint') wrong.setExpectedRevision(outcome.expected.toString());
          else if (outcome.expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
          else if (outcome.expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
          else wrong.setExpectedAny(new sharedPb.Empty());
          response.setWrongExpectedVersion(wrong);
        }
        callback(null, response);
      } catch (error) {
        callback(toServiceError(error));
      }
    });
  }

  private read(call: grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>): void {
    const options = call.request.getOptions();
    if (!options) {
      call.emit('error', failure(grpc.status.INVALID_ARGUMENT, 'Read without options'));
      return;
    }
    if (options.hasFilter()) {
      call.emit('error', failure(grpc.status.UNIMPLEMENTED, 'filtered reads are not implemented'));
      return;
    }
    const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    const count = options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
    try {
      if (options.hasStream()) {
        if (options.hasSubscription()) {
          call.emit('error', failure(grpc.status.UNIMPLEMENTED, 'stream subscriptions are not implemented'));
          return;
        }
        this.readStream(
          call,
          options.getStream() as streamsPb.ReadReq.Options.StreamOptions,
          backwards,
          count,
        );
      } else if (options.hasSubscription()) {
        this.subscribeToAll(call, options.getAll() as streamsPb.ReadReq.Options.AllOptions);
      } else {
        this.readAll(call, options.getAll() as streamsPb.ReadReq.Options.AllOptions, backwards, count);
      }
    } catch (error) {
      call.emit('error', toServiceError(error));
    }
  }

  private readStream(
    call: grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>,
    options: streamsPb.ReadReq.Options.StreamOptions,
    backwards: boolean,
    count: number,
  ): void {
    const identifier = options.getStreamIdentifier();
    const records = this.log.visibleRecords(streamNameOf(identifier));
    if (!records) {
      const notFound = new streamsPb.ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(identifier);
      const response = new streamsPb.ReadResp();
      response.setStreamNotFound(notFound);
      call.write(response);
      call.end();
      return;
    }
    let selected: LogRecord[];
    if (backwards) {
      const from = options.hasRevision() ? Number(options.getRevision()) : Number.POSITIVE_INFINITY;
      selected = records.filter((record) => record.revision <= from).reverse();
    } else {
      const from = options.hasRevision() ? Number(options.getRevision()) : 0;
      selected = records.filter((record) => record.revision >= from);
    }
    for (const record of selected.slice(0, count)) call.write(eventResponse(record, false));
    call.end();
  }

  private readAll(
    call: grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>,
    options: streamsPb.ReadReq.Options.AllOptions,
    backwards: boolean,
    count: number,
  ): void {
    const from = allPosition(options);
    const records = backwards
      ? this.log.all
          .filter((record) => from === 'start' || from === 'end' || record.logPosition < from)
          .reverse()
      : this.log.all.filter((record) => from === 'start' || (from !== 'end' && record.logPosition >= from));
    for (const record of records.slice(0, count)) call.write(eventResponse(record, true));
    call.end();
  }

  /** Catch-up from the position (inclusive, as a read), then live until the client cancels. */
  private subscribeToAll(
    call: grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>,
    options: streamsPb.ReadReq.Options.AllOptions,
  ): void {
    const from = allPosition(options);
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(randomUUID());
    const confirmed = new streamsPb.ReadResp();
    confirmed.setConfirmation(confirmation);
    call.write(confirmed);
    if (from !== 'end') {
      for (const record of this.log.all) {
        if (from === 'start' || record.logPosition >= from) call.write(eventResponse(record, true));
      }
    }
    const caughtUp = new streamsPb.ReadResp();
    caughtUp.setCaughtUp(new streamsPb.ReadResp.CaughtUp());
    call.write(caughtUp);
    const live = (record: LogRecord) => call.write(eventResponse(record, true));
    this.log.appended.on('appended', live);
    const stop = () => this.log.appended.off('appended', live);
    call.on('cancelled', stop);
    call.on('close', stop);
    call.on('error', stop);
  }

  private delete(
    call: grpc.ServerUnaryCall<streamsPb.DeleteReq, streamsPb.DeleteResp>,
    callback: grpc.sendUnaryData<streamsPb.DeleteResp>,
  ): void {
    const options = call.request.getOptions();
    if (!options) {
      callback(failure(grpc.status.INVALID_ARGUMENT, 'Delete without options'));
      return;
    }
    try {
      const logPosition = this.log.delete(
        streamNameOf(options.getStreamIdentifier()),
        expectationOf(options),
      );
      const position = new streamsPb.DeleteResp.Position();
      position.setCommitPosition(logPosition.toString());
      position.setPreparePosition(logPosition.toString());
      const response = new streamsPb.DeleteResp();
      response.setPosition(position);
      callback(null, response);
    } catch (error) {
      callback(toServiceError(error));
    }
  }

  private tombstone(
    call: grpc.ServerUnaryCall<streamsPb.TombstoneReq, streamsPb.TombstoneResp>,
    callback: grpc.sendUnaryData<streamsPb.TombstoneResp>,
  ): void {
    const options = call.request.getOptions();
    if (!options) {
      callback(failure(grpc.status.INVALID_ARGUMENT, 'Tombstone without options'));
      return;
    }
    try {
      const logPosition = this.log.tombstone(
        streamNameOf(options.getStreamIdentifier()),
        expectationOf(options),
      );
      const position = new streamsPb.TombstoneResp.Position();
      position.setCommitPosition(logPosition.toString());
      position.setPreparePosition(logPosition.toString());
      const response = new streamsPb.TombstoneResp();
      response.setPosition(position);
      callback(null, response);
    } catch (error) {
      callback(toServiceError(error));
    }
  }
}

function expectationOf(options: streamsPb.DeleteReq.Options | streamsPb.TombstoneReq.Options): Expectation {
  if (options.hasRevision()) return BigInt(options.getRevision());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

/** Where a `$all` read starts: a commit position (inclusive forwards, exclusive backwards). */
function allPosition(options: streamsPb.ReadReq.Options.AllOptions): 'start' | 'end' | bigint {
  if (options.hasStart()) return 'start';
  if (options.hasEnd()) return 'end';
  return BigInt((options.getPosition() as streamsPb.ReadReq.Options.Position).getCommitPosition());
}

function eventResponse(record: LogRecord, fromAll: boolean): streamsPb.ReadResp {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  const id = new sharedPb.UUID();
  id.setString(record.id);
  recorded.setId(id);
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(Buffer.from(record.streamName, 'utf8'));
  recorded.setStreamIdentifier(identifier);
  recorded.setStreamRevision(String(record.revision));
  recorded.setCommitPosition(record.logPosition.toString());
  recorded.setPreparePosition(record.transactionPosition.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', record.createdTicks.toString());
  recorded.setCustomMetadata(record.customMetadata);
  recorded.setData(record.data);
  const event = new streamsPb.ReadResp.ReadEvent();
  event.setEvent(recorded);
  if (fromAll) event.setCommitPosition(record.logPosition.toString());
  else event.setNoPosition(new sharedPb.Empty());
  const response = new streamsPb.ReadResp();
  response.setEvent(event);
  return response;
}

function streamNameOf(identifier: sharedPb.StreamIdentifier | undefined): string {
  if (!identifier) throw failure(grpc.status.INVALID_ARGUMENT, 'no stream identifier');
  return Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

function uuidOf(id: sharedPb.UUID | undefined): string {
  if (!id?.hasString()) throw failure(grpc.status.INVALID_ARGUMENT, 'event ids must be string UUIDs');
  return id.getString();
}

/** Errors carry EventStoreDB's `exception` trailer, which the client turns into typed errors. */
function toServiceError(error: unknown): grpc.ServiceError {
  if (error instanceof WrongExpectedError) {
    const metadata = new grpc.Metadata();
    metadata.set('exception', 'wrong-expected-version');
    metadata.set('stream-name', error.streamName);
    metadata.set('expected-version', typeof error.expected === 'bigint' ? error.expected.toString() : '-1');
    if (error.current !== 'no_stream') metadata.set('actual-version', String(error.current));
    return failure(grpc.status.FAILED_PRECONDITION, error.message, metadata);
  }
  if (error instanceof StreamTombstonedError) {
    const metadata = new grpc.Metadata();
    metadata.set('exception', 'stream-deleted');
    metadata.set('stream-name', error.streamName);
    return failure(grpc.status.FAILED_PRECONDITION, error.message, metadata);
  }
  if (isServiceError(error)) return error;
  return failure(grpc.status.INTERNAL, error instanceof Error ? error.message : String(error));
}

function failure(code: grpc.status, details: string, metadata = new grpc.Metadata()): grpc.ServiceError {
  return Object.assign(new Error(details), { code, details, metadata });
}

function isServiceError(error: unknown): error is grpc.ServiceError {
  return error instanceof Error && 'code' in error && 'metadata' in error;
}
