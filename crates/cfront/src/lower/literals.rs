//! The encoding prefixes of string literals and character constants (C17 6.4.4.4, 6.4.5) as
//! gcc on x86 GNU/Linux reads them: `L` elements are `wchar_t` (a 32-bit `int`, in both data
//! models) holding UTF-32, `u` elements `char16_t` (`unsigned short`) holding UTF-16, `U`
//! elements `char32_t` (`unsigned int`) holding UTF-32; no prefix and `u8` are `char`s
//! holding UTF-8. A `\x` or octal escape is one element of its own value; a source character
//! or a `\u`/`\U` universal character name is its code point in the element encoding.

use cminus::Type;

/// A literal's encoding prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Prefix {
    /// No prefix, or `u8`: `char`s, UTF-8.
    Narrow,
    /// `L`: `wchar_t`.
    Wide,
    /// `u`: `char16_t`.
    Utf16,
    /// `U`: `char32_t`.
    Utf32,
}

impl Prefix {
    /// The prefix of one piece of a literal (its text before the opening quote).
    pub(super) fn of(piece: &str) -> Prefix {
        match piece.find(['"', '\'']).map(|i| &piece[..i]) {
            Some("L") => Prefix::Wide,
            Some("u") => Prefix::Utf16,
            Some("U") => Prefix::Utf32,
            _ => Prefix::Narrow,
        }
    }

    /// The prefix of a string literal made of several pieces: the first prefixed piece's
    /// (C17 6.4.5p5: an unprefixed piece is treated as having it).
    pub(super) fn of_pieces(pieces: &[String]) -> Prefix {
        pieces.iter().map(|p| Prefix::of(p)).find(|p| *p != Prefix::Narrow).unwrap_or(Prefix::Narrow)
    }

    /// The type of an element (a string literal's) or of the constant (a character
    /// constant's; an unprefixed one is an `int`, not this).
    pub(super) fn elem(self) -> Type {
        match self {
            Prefix::Narrow => Type::CHAR,
            Prefix::Wide => Type::INT,
            Prefix::Utf16 => Type::Int { bits: 16, signed: false },
            Prefix::Utf32 => Type::Int { bits: 32, signed: false },
        }
    }
}

/// The elements of the body of a prefixed literal (between its quotes), each as the unsigned
/// value of its bits (`L'\xffffffff'` is the element 0xffffffff, which a `wchar_t` reads as
/// -1).
pub(super) fn wide_units(body: &str, prefix: Prefix) -> Vec<u32> {
    let utf16 = prefix == Prefix::Utf16;
    let mask: u32 = if utf16 { 0xffff } else { u32::MAX };
    let mut out = vec![];
    let push_code_point = |out: &mut Vec<u32>, c: u32| {
        if utf16 && c > 0xffff {
            let v = c - 0x1_0000;
            out.push(0xd800 | (v >> 10));
            out.push(0xdc00 | (v & 0x3ff));
        } else {
            out.push(c);
        }
    };
    let cs: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        i += 1;
        if c != '\\' || i >= cs.len() {
            push_code_point(&mut out, c as u32);
            continue;
        }
        let e = cs[i];
        i += 1;
        let digits = |i: &mut usize, radix: u32, max: usize| {
            let mut v: u32 = 0;
            let mut k = 0;
            while k < max && *i < cs.len() && cs[*i].is_digit(radix) {
                v = v.wrapping_mul(radix).wrapping_add(cs[*i].to_digit(radix).unwrap_or(0));
                *i += 1;
                k += 1;
            }
            v
        };
        match e {
            '0'..='7' => {
                i -= 1;
                out.push(digits(&mut i, 8, 3) & mask);
            }
            'x' => out.push(digits(&mut i, 16, usize::MAX) & mask),
            'u' => {
                let c = digits(&mut i, 16, 4);
                push_code_point(&mut out, c);
            }
            'U' => {
                let c = digits(&mut i, 16, 8);
                push_code_point(&mut out, c);
            }
            'n' => out.push(10),
            't' => out.push(9),
            'r' => out.push(13),
            'a' => out.push(7),
            'b' => out.push(8),
            'f' => out.push(12),
            'v' => out.push(11),
            'e' => out.push(27),
            c => push_code_point(&mut out, c as u32),
        }
    }
    out
}

/// The body of one piece of a literal: between its first and last quote.
pub(super) fn body(piece: &str, quote: char) -> &str {
    let start = piece.find(quote).map(|i| i + 1).unwrap_or(0);
    let end = piece.rfind(quote).unwrap_or(piece.len());
    if start <= end {
        &piece[start..end]
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_and_units() {
        assert_eq!(Prefix::of("L\"ab\""), Prefix::Wide);
        assert_eq!(Prefix::of("u8\"ab\""), Prefix::Narrow);
        assert_eq!(Prefix::of("U'x'"), Prefix::Utf32);
        assert_eq!(Prefix::of_pieces(&["\"a\"".into(), "u\"b\"".into()]), Prefix::Utf16);
        assert_eq!(wide_units("a\\x12345\\0é", Prefix::Utf32), vec![97, 0x12345, 0, 0xe9]);
        // a code point past the BMP is a surrogate pair in UTF-16; \x is one element, masked
        assert_eq!(wide_units("\\U0001F600\\x12345", Prefix::Utf16), vec![0xd83d, 0xde00, 0x2345]);
        assert_eq!(wide_units("\\101\\u00e9", Prefix::Wide), vec![65, 0xe9]);
    }
}
