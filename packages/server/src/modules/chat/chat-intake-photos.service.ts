/**
 * The photos of the visitor's hair intake (docs/product.md#hair-intake): her hair now and the look
 * she wants, added by her alone (her call's key) while the call waits, through the chat's photo
 * pipeline (storeCallPhoto: re-encoded, no metadata, the same limits and counts per sender and
 * address), and read by who reads the intake (the calls module says who). A photo added again to
 * a slot replaces the one it held. Part of the chat service: chat.service.ts composes it.
 */
import {
  CHAT_IMAGE_RATE_MAX,
  CHAT_IMAGE_RATE_WINDOW_S,
  type Intake,
  type IntakePhotoSlot,
} from '@belleza/contract';
import type { CallActor } from '../calls/calls.types.js';
import { CHAT_IMAGES_PER_ADDRESS, createLimiter } from '../../lib/limits.js';
import { storeCallPhoto } from './chat-images.service.js';
import { deleteImageAndItsMessages, findImage } from './chat.repository.js';
import { imageNotFound, senderKey } from './chat.rules.js';
import type { ChatImageFile, ChatServiceDeps } from './chat.types.js';

export function createChatIntakePhotos(deps: ChatServiceDeps) {
  const { db, calls } = deps;
  const imagesPerSender = createLimiter(
    'chat-image',
    { points: CHAT_IMAGE_RATE_MAX, duration: CHAT_IMAGE_RATE_WINDOW_S },
    deps.limitStore,
  );
  const imagesPerAddress = createLimiter(
    'chat-image-address',
    CHAT_IMAGES_PER_ADDRESS,
    deps.limitStore,
  );

  return {
    /** Before the upload's body is read: only the visitor of a waiting call with an intake. */
    async checkIntakePhotoUpload(actor: CallActor, callId: string): Promise<void> {
      await calls.intakeUploader(actor, callId);
    },

    /**
     * PUT /api/calls/{id}/intake/photos/{slot}: the photo stored (413, 415 as the chat's), the
     * slot pointed at it, the photo it held before deleted; answers the intake.
     */
    async uploadIntakePhoto(
      actor: CallActor,
      callId: string,
      slot: IntakePhotoSlot,
      upload: Buffer,
      from: string,
    ): Promise<Intake> {
      const sender = await calls.intakeUploader(actor, callId);
      await imagesPerSender.consume(senderKey(callId, sender));
      await imagesPerAddress.consume(from);
      const image = await storeCallPhoto(deps, callId, sender, 'intake', upload);
      const { replaced, intake } = await calls.attachIntakePhoto(callId, slot, image.id);
      if (replaced !== null)
        await db.transaction().execute((trx) => deleteImageAndItsMessages(trx, callId, replaced));
      return intake;
    },

    /** GET /api/calls/{id}/intake/photos/{slot}: for who reads the intake. */
    async intakePhoto(
      actor: CallActor,
      callId: string,
      slot: IntakePhotoSlot,
    ): Promise<ChatImageFile> {
      const imageId = await calls.intakePhotoId(actor, callId, slot);
      return intakeFile(callId, imageId);
    },

    /** For the visitor's summary, which checked her summary key itself. */
    async intakePhotoOfCall(callId: string, slot: IntakePhotoSlot): Promise<ChatImageFile> {
      return intakeFile(callId, await calls.intakePhotoIdOfCall(callId, slot));
    },
  };

  async function intakeFile(callId: string, imageId: string): Promise<ChatImageFile> {
    const image = await findImage(db, callId, imageId);
    if (!image) throw imageNotFound();
    return { data: image.data, contentType: image.content_type };
  }
}
