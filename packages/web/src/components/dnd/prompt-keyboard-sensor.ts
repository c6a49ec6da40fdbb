import { KeyboardSensor, type KeyboardSensorProps } from '@dnd-kit/core';

/** What of dnd-kit's keyboard sensor this one reaches: its key handler, bound to it. */
type KeyHandling = { handleKeyDown(event: Event): void };

/**
 * dnd-kit's keyboard sensor, reading every key after the lift at once. dnd-kit starts
 * listening from the next task, so the key that lifted the row is not read again; but a
 * browser runs input before timers, so on a busy page an arrow pressed right after Space was
 * lost and the row dropped where it was. This one listens from the lift on, skips the lifting
 * key itself, and keeps the keys from dnd-kit's own listener (added later on the same
 * document), which so never reads one twice. It stops listening when the drag ends.
 */
export class PromptKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    let stop = () => {};
    super({
      ...props,
      onEnd: () => {
        stop();
        props.onEnd();
      },
      onCancel: () => {
        stop();
        props.onCancel();
      },
    });
    const sensor = this as unknown as KeyHandling;
    const lifting = props.event;
    const owner = (lifting.target as Node | null)?.ownerDocument ?? document;
    const read = (event: Event) => {
      if (event === lifting) return;
      event.stopImmediatePropagation();
      sensor.handleKeyDown(event);
    };
    owner.addEventListener('keydown', read);
    stop = () => owner.removeEventListener('keydown', read);
  }
}
