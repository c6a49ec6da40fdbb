/**
 * What a bot-check widget (ALTCHA or reCAPTCHA) offers the form that holds it, through a ref.
 */
export interface CaptchaHandle {
  /**
   * The answer to send as `gRecaptchaResponse`. ALTCHA solves its challenge first if the
   * person has not ticked the box yet. '' when the person has not answered (reCAPTCHA);
   * rejects when the check could not be done (no challenge, time-out).
   */
  getResponse(): Promise<string>;
  /** Starts over, after the server refused the answer or spent it (each answer works once). */
  reset(): void;
}
