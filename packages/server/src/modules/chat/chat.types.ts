/**
 * The chat module's shared vocabulary: what the chat service is built from and what it answers.
 * The service's parts and other modules import these types from here (or through chat.service.ts).
 */
import type { ChatImage, ChatMessage } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { CallsService } from '../calls/calls.service.js';

export type ChatServiceDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'limitStore'> & {
  /** whether the call exists and who the actor is in it: the calls module's answer */
  calls: Pick<
    CallsService,
    | 'chatParticipant'
    | 'intakeUploader'
    | 'attachIntakePhoto'
    | 'intakePhotoId'
    | 'intakePhotoIdOfCall'
  >;
};

/** What a send did: stored the message now (`created`), or found it stored by an earlier send. */
export type ChatSendResult = { message: ChatMessage; created: boolean };

/** A photo's bytes and how to serve them (GET /api/calls/{id}/images/{imageId}). */
export type ChatImageFile = { data: Buffer; contentType: ChatImage['contentType'] };
