/**
 * A call's result written as JSON text already, for an answer that is mostly the same text for everyone: the registry
 * puts it in the envelope as it is. `T` is the value the text stands for, so that a route's contract still types it.
 */
export class JsonText<T> {
  declare private readonly value: T;
  constructor(readonly text: string) {}
}
