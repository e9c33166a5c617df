// Scripts the screenplay tests share: each element of Fountain once, as a writer would meet it.

export const EVERY_ELEMENT = `Title: The Salt Road
Credit: Written by
Author: Lena Fischer
Draft date: 1 March 2031

# Act One

= Anna comes home.

INT. KITCHEN - NIGHT

Anna enters. *Slowly* she sits. [[is the fridge loud enough?]]

ANNA (V.O.)
(quietly)
Hello there.

BOB
Hi.

CLARA ^
Hey.

~Happy birthday to you

> THE END? <

CUT TO:

===

.FLASHBACK

@McCLANE
Yippee.

EXT. SALT FLATS - DAWN #7A#

Wind.
`;
