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
  random: () => number = Math.random,
): string {
  const prefix = initial(name) + initial(surname);
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const pin = prefix + String(Math.floor(random() * 10_000)).padStart(4, '0');
    if (!isTaken(pin)) return pin;
  }
  throw new Error(`no free PIN left for prefix ${prefix}`);
}
