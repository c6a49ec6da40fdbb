/**
 * This tab's session storage, or undefined where there is none (rendering outside a browser,
 * storage disabled): it outlives a reload of the tab and goes when the tab closes.
 */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
