//! Preprocessing a unit (for the cache key) and finding the functions it defines (for the
//! entry points): a light token scan of the preprocessed text at brace depth 0. The full
//! front end (cfront) still lowers the unit; this only decides which functions to call.

use super::inputs::Unit;

/// The text of `file` (the unit, or its wrapper with forced headers) as the front end reads
/// it (`cfront::preprocess_file` with the options the unit's checks get), in
/// `file:line:col: message` form when the preprocessor fails.
pub fn preprocess(file: &std::path::Path, unit: &Unit, ilp32: bool) -> Result<String, String> {
    cfront::preprocess_file(file, &unit.front_options(ilp32))
        .map_err(|d| format!("{}:{}:{}: {}", d.file, d.line, d.col, d.message))
}

/// A function defined in the unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnDef {
    pub name: String,
    /// The file of the definition (from the line markers).
    pub file: String,
    pub line: usize,
    /// The line of the closing `}` (in `file`, when the body does not change files).
    pub end_line: usize,
    pub is_static: bool,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
}

/// The function definitions at file scope of a preprocessed unit.
pub fn definitions(pre: &str) -> Vec<FnDef> {
    let mut defs = vec![];
    let mut file = String::new();
    let mut line = 1usize;
    let mut depth = 0usize;
    // tokens of the current file-scope declaration, with their (file, line)
    let mut decl: Vec<(Tok, String, usize)> = vec![];
    // the definition whose body is open
    let mut open: Option<usize> = None;
    for raw in pre.lines() {
        let t = raw.trim_start();
        if t.starts_with('#') {
            if let Some(m) = source::parse_marker(t) {
                line = m.line as usize;
                if let Some(f) = m.file {
                    file = f;
                }
            }
            continue;
        }
        let b = raw.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i] as char;
            if c == '"' || c == '\'' {
                i += 1;
                while i < b.len() && b[i] as char != c {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                if depth == 0 {
                    decl.push((Tok::Punct('"'), file.clone(), line));
                }
                continue;
            }
            if c.is_ascii_alphabetic() || c == '_' {
                let s = i;
                while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if depth == 0 {
                    decl.push((Tok::Ident(raw[s..i].to_string()), file.clone(), line));
                }
                continue;
            }
            i += 1;
            if c.is_whitespace() || c.is_ascii_digit() {
                continue;
            }
            match c {
                '{' => {
                    if depth == 0 {
                        open = None;
                        if let Some(d) = function_head(&decl) {
                            open = Some(defs.len());
                            defs.push(d);
                        }
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && is_function(&decl) {
                        // a body that ends in another file than it began keeps `end_line` 0:
                        // no place is known to be inside it
                        if let Some(d) = open.take().map(|i| &mut defs[i]).filter(|d| d.file == file) {
                            d.end_line = line;
                        }
                        decl.clear();
                    }
                }
                ';' if depth == 0 => decl.clear(),
                _ if depth == 0 => decl.push((Tok::Punct(c), file.clone(), line)),
                _ => {}
            }
        }
        line += 1;
    }
    defs
}

fn is_function(decl: &[(Tok, String, usize)]) -> bool {
    matches!(decl.last(), Some((Tok::Punct(')'), ..)))
}

/// A declaration followed by `{`: a function definition when it ends in `)` and has no `=`;
/// the name is the identifier before the first `(` that follows an identifier.
fn function_head(decl: &[(Tok, String, usize)]) -> Option<FnDef> {
    if !is_function(decl) || decl.iter().any(|(t, ..)| *t == Tok::Punct('=')) {
        return None;
    }
    let is_static = decl.iter().any(|(t, ..)| *t == Tok::Ident("static".into()));
    for w in decl.windows(2) {
        if let (Tok::Ident(name), Tok::Punct('(')) = (&w[0].0, &w[1].0) {
            if name == "__attribute__" || name == "__declspec" {
                continue;
            }
            return Some(FnDef { name: name.clone(), file: w[0].1.clone(), line: w[0].2, end_line: 0, is_static });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_definitions_and_linkage() {
        let pre = "# 1 \"a.c\"\nstruct s { int a; };\nstatic int h(int x) { return x; }\n\
                   int tab[2] = { 1, 2 };\nint f(struct s *p,\n      int n)\n{\n  if (n) { return 1; }\n  return 0;\n}\n\
                   # 1 \"inc.h\" 1\nstatic inline int g(void) { return 0; }\nint decl(int);\n# 12 \"a.c\" 2\n\
                   void (*fp)(void);\nint main(void) { char *s = \"{\"; return 0; }\n";
        let d = definitions(pre);
        let names: Vec<(&str, &str, usize, usize, bool)> =
            d.iter().map(|d| (d.name.as_str(), d.file.as_str(), d.line, d.end_line, d.is_static)).collect();
        assert_eq!(
            names,
            vec![
                ("h", "a.c", 2, 2, true),
                ("f", "a.c", 4, 9, false),
                ("g", "inc.h", 1, 1, true),
                ("main", "a.c", 13, 13, false)
            ]
        );
    }
}
