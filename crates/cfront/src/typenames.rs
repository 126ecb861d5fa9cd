//! `__builtin_types_compatible_p(T1, T2)` takes type names, which lang-c cannot parse as call
//! arguments: before parsing, each call becomes `__builtin_types_compatible_p(sizeof(T1),
//! sizeof(T2))`, whose arguments carry the type names to the lowering (which never evaluates
//! the `sizeof`). Only columns after the call on its line move.

const NAME: &str = "__builtin_types_compatible_p";

/// The preprocessed text with the arguments of every `__builtin_types_compatible_p` wrapped.
pub(crate) fn wrap_type_arguments(text: String) -> String {
    if !text.contains(NAME) {
        return text;
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 64);
    let mut i = 0;
    let mut copied = 0;
    while let Some(k) = text[i..].find(NAME) {
        let at = i + k;
        let end = at + NAME.len();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        if (at > 0 && ident(b[at - 1])) || (end < b.len() && ident(b[end])) {
            i = end;
            continue;
        }
        let mut p = end;
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        if p >= b.len() || b[p] != b'(' {
            i = end;
            continue;
        }
        // the top-level comma and the closing parenthesis
        let (mut depth, mut comma, mut close) = (0i32, None, None);
        let mut q = p;
        while q < b.len() {
            match b[q] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(q);
                        break;
                    }
                }
                b',' if depth == 1 => comma = comma.or(Some(q)),
                b'"' | b'\'' => {
                    let quote = b[q];
                    q += 1;
                    while q < b.len() && b[q] != quote {
                        if b[q] == b'\\' {
                            q += 1;
                        }
                        q += 1;
                    }
                }
                _ => {}
            }
            q += 1;
        }
        let (Some(comma), Some(close)) = (comma, close) else {
            i = end;
            continue;
        };
        out.push_str(&text[copied..=p]);
        out.push_str("sizeof(");
        out.push_str(&text[p + 1..comma]);
        out.push_str("),sizeof(");
        out.push_str(&text[comma + 1..close]);
        out.push(')');
        copied = close;
        i = close;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_wrapped() {
        assert_eq!(
            wrap_type_arguments("x = __builtin_types_compatible_p(typeof(a), int (*)[3]) + 1;".into()),
            "x = __builtin_types_compatible_p(sizeof(typeof(a)),sizeof( int (*)[3])) + 1;"
        );
        let s = "int my__builtin_types_compatible_p(int);".to_string();
        assert_eq!(wrap_type_arguments(s.clone()), s);
    }
}
