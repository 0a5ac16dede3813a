//! xorshift32, the project's only random number generator.
//!
//! Why our own: a level number or a date must give the same board on every platform, build and library
//! version. `rand`'s algorithms and seeding are free to change between releases; these three shifts are not.
//! Golden vectors in the tests pin the sequence.

/// Seed used when a caller passes 0: xorshift32 has a fixed point at 0 and would return 0 forever.
pub const ZERO_SEED_REPLACEMENT: u32 = 0x9E37_79B9;

/// Marsaglia's xorshift32 (`s ^= s << 13; s ^= s >> 17; s ^= s << 5`) over a nonzero state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rng {
    state: u32,
}

impl Rng {
    /// A generator whose state is `seed`, or [`ZERO_SEED_REPLACEMENT`] when `seed` is 0.
    pub fn new(seed: u32) -> Self {
        let state = if seed == 0 {
            ZERO_SEED_REPLACEMENT
        } else {
            seed
        };
        Rng { state }
    }

    /// The current state (never 0).
    pub fn state(&self) -> u32 {
        self.state
    }

    /// Advances and returns the new state.
    pub fn next_u32(&mut self) -> u32 {
        let mut s = self.state;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        self.state = s;
        s
    }

    /// A value in `0..n` (`n > 0`), by plain modulo: the tiny bias is irrelevant for play and, unlike
    /// rejection sampling, always consumes exactly one step — which keeps replays easy to reason about.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "Rng::below(0)");
        if n == 0 {
            return 0;
        }
        self.next_u32() % n
    }

    /// True with probability `percent`/100.
    pub fn chance_percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }

    /// Fisher–Yates from the back, one `below` per element.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Picks one element, or `None` when empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len() as u32) as usize])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_five(seed: u32) -> [u32; 5] {
        let mut r = Rng::new(seed);
        [
            r.next_u32(),
            r.next_u32(),
            r.next_u32(),
            r.next_u32(),
            r.next_u32(),
        ]
    }

    #[test]
    fn golden_vectors_seed_1() {
        assert_eq!(
            first_five(1),
            [270369, 67634689, 2647435461, 307599695, 2398689233]
        );
    }

    #[test]
    fn golden_vectors_marsaglia_seed() {
        assert_eq!(
            first_five(2463534242),
            [723471715, 2497366906, 2064144800, 2008045182, 3532304609]
        );
    }

    #[test]
    fn zero_seed_is_replaced_not_stuck() {
        let mut r = Rng::new(0);
        assert_eq!(r.state(), ZERO_SEED_REPLACEMENT);
        assert_ne!(r.next_u32(), 0);
    }

    #[test]
    fn shuffle_is_a_permutation_and_deterministic() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Rng::new(7).shuffle(&mut a);
        Rng::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(a, (0..20).collect::<Vec<_>>());
    }
}
