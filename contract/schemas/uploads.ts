// POST /api/upload-photo (docs/spec.md §7): multipart field `photo` in, the stored path out.
import { z } from 'zod';

export const photoUploadResponse = z.object({ photoUrl: z.string().regex(/^\/uploads\/[A-Za-z0-9_-]+\.[a-z]+$/) });
