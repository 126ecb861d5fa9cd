//! slam's exit codes (CBMC's convention): the contract with scripts and CI.

pub const HOLDS: u8 = 0;
pub const USAGE: u8 = 1;
pub const INPUT: u8 = 2;
pub const UNKNOWN: u8 = 5;
pub const INTERNAL: u8 = 6;
pub const VIOLATION: u8 = 10;
