import { randomInt } from 'node:crypto';

/** A store learner's PIN: two letters and four digits. */
export const PIN_PATTERN = /^[a-z]{2}[0-9]{4}$/;

/** A PIN is a credential: its digits come from the system's secure random source. */
export const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** First letter lower-cased when it is a–z; any other letter (Ā, Š, Ž …) becomes 'a', as the spec says. */
const initial = (text: string) => {
  const letter = text.trim().charAt(0).toLowerCase();
  return /^[a-z]$/.test(letter) ? letter : 'a';
};

/**
 * A new store PIN (spec section 5): first letter of name and of surname plus four random digits,
 * drawn again until it is not taken.
 */
export function generatePin(
  name: string,
  surname: string,
  isTaken: (pin: string) => boolean,
  random: () => number = secureRandom,
): string {
  const prefix = initial(name) + initial(surname);
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const pin = prefix + String(Math.floor(random() * 10_000)).padStart(4, '0');
    if (!isTaken(pin)) return pin;
  }
  throw new Error(`no free PIN left for prefix ${prefix}`);
}
