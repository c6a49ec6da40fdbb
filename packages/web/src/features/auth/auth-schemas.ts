/**
 * The schemas of the logged-out forms (packages/shared/auth), each loaded by the form that
 * needs it once the person starts filling it in (hooks/use-schema-form): zod is then no part
 * of what a logged-out page needs to draw.
 */
const authSchemas = () => import('@nestbox/shared/auth/auth.schema');

export const loadLoginSchema = async () => (await authSchemas()).LoginBodySchema;
export const loadSignupSchema = async () => (await authSchemas()).SignupBodySchema;
export const loadForgotSchema = async () => (await authSchemas()).ForgotBodySchema;
export const loadResendActivationSchema = async () => (await authSchemas()).ResendActivationBodySchema;
export const loadPasswordResetSchema = async () => (await authSchemas()).PasswordResetBodySchema;
export const loadSecondFactorSchema = async () =>
  (await import('@nestbox/shared/two-factor/two-factor.schema')).SecondFactorLoginBodySchema;
