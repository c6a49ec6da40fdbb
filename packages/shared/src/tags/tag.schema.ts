import { z } from 'zod';
import { TAG_MAX_LENGTH, tagNameError } from './tags.js';

/** A tag name as a caller sends it (with or without `#`); refused unless it is one tag. */
export const tagNameSchema = z
  .string()
  .max(TAG_MAX_LENGTH + 10, { error: 'validation.tag.tooLong' })
  .superRefine((value, ctx) => {
    const error = tagNameError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** One tag and how many texts the caller sees carry it. */
export const TagCountSchema = z
  .object({
    name: z.string().describe('Normalised: NFKC, lower case, accents kept.'),
    count: z.number().int(),
  })
  .meta({ id: 'TagCount' });

/** `GET /api/tags`: every tag of the texts the caller sees (not archived), most used first. */
export const TagsResponseSchema = z.object({ tags: z.array(TagCountSchema) }).meta({ id: 'Tags' });

/**
 * `POST /api/tags/rename`: writes the tag `from` as `#to` in every text the caller may edit
 * that carries it; `dryRun` only counts them (the confirmation's number).
 */
export const RenameTagBodySchema = z
  .object({ from: tagNameSchema, to: tagNameSchema, dryRun: z.boolean().default(false) })
  .meta({ id: 'RenameTagBody' });

export const RenameTagResponseSchema = z
  .object({ count: z.number().int().describe('Texts changed (or, with dryRun, that would be).') })
  .meta({ id: 'RenameTagResponse' });

export type TagCount = z.infer<typeof TagCountSchema>;
export type TagsResponse = z.infer<typeof TagsResponseSchema>;
export type RenameTagBody = z.input<typeof RenameTagBodySchema>;
export type RenameTagResponse = z.infer<typeof RenameTagResponseSchema>;
