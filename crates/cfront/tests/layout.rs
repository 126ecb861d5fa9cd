//! Differential test of type layout: a few hundred struct and union declarations (hand-written
//! corner cases and generated ones) are compiled by `gcc` (LP64) and `gcc -m32` (ILP32),
//! which print `sizeof`, `_Alignof` and `offsetof` of each; cfront folds the same
//! expressions to constants. The numbers must be equal.

use cfront::{DataModel, Options};
use cminus::{Expr, Init};
use std::process::Command;

/// Declarations whose layout is known to be tricky.
const FIXED: &str = r#"
struct F0 { char a; long long b; char c; };
struct F1 { char a; double b; };
struct F2 { char a; long double b; char c; };
struct F3 { int n; char d[]; };
struct F4 { char c; long long d[]; };
struct F5 { char a; int :0; char b; };
struct F6 { char a; long long :0; char b; };
struct F7 { char a; int x:3; };
struct F8 { char a; int :3; };
struct F9 { char a; long long x:40; char b; };
struct F10 { int a:31; int b:2; };
struct F11 { char a:7; char b:2; short c:9; };
struct F12 { unsigned long x:31; unsigned y:31; unsigned char z; unsigned long long w:33; long v:5; };
struct F13 { _Bool a:1; _Bool b; _Bool c:1; };
struct F14 { struct F0 s; char t; };
union F15 { char a; long long b; int c:5; };
union F16 { char a[5]; short b; };
struct F17 { char a; union F16 u; char b; };
struct F18 { char a; struct { char b; long long c; }; char d; };
struct F19 { void *p; char c; void (*fp)(int); };
struct F20 { short s; long double ld[2]; float f; };
struct F21 { char a; long long x:20; long long y:20; long long z:30; };
struct F22 { char pad[__builtin_offsetof(struct F0, c)]; int z; };
struct F23 { char pad[(unsigned long)&((struct F2 *)0)->c]; char q; };
enum E0 { E0A = 1 };
enum E1 { E1A = -1, E1B = 0x7fffffff };
enum E2 { E2A = 0x100000000 };
struct F24 { char c; enum E0 e; char d; enum E2 f; };
struct F25 { char c; unsigned short s:5; unsigned short t:12; };
struct F26 { int a; char b; struct F3 *p; };
struct __attribute__((packed)) F27 { char a; int b; long long c; short d; };
struct F28 { char a; int b : 7; long long c : 33; char d; } __attribute__((__packed__));
struct F29 { char a; struct F27 in; int b; };
struct F30 { char a; } __attribute__((aligned(8)));
struct F31 { char c; struct F30 x; };
union __attribute__((packed)) F32 { char a; int b; };
typedef struct { char a; int b; } __attribute__((packed, aligned(4))) F33_t;
struct F33 { char z; F33_t t; };
struct F34 { char a; int :0; char b; } __attribute__((packed));
#pragma pack(push, 1)
struct F35 { char a; int b; long long c; };
struct F36 { char a; unsigned b : 20; unsigned c : 7; };
struct F37 { char a; _Alignas(8) int b; };
#pragma pack(pop)
#pragma pack(2)
struct F38 { char a; double d; short s; };
union F39 { char c; int u; long long l; };
struct F40 { char a; int :0; char b; };
#pragma pack()
#pragma pack(push, 4)
struct F41 { char a; long long x; struct F35 in; };
#pragma pack(push, 8)
struct F42 { char a; long long x; };
#pragma pack(pop)
struct F43 { char a; long double x; };
#pragma pack(pop)
struct __attribute__((aligned(8))) F44 { char a; int b; };
"#;

const MEMBER_TYPES: &[&str] = &[
    "char",
    "signed char",
    "unsigned char",
    "short",
    "unsigned short",
    "int",
    "unsigned",
    "long",
    "unsigned long",
    "long long",
    "unsigned long long",
    "float",
    "double",
    "long double",
    "void *",
    "_Bool",
    "enum E1",
    "enum E2",
];

const BITFIELD_TYPES: &[(&str, u64)] = &[
    ("char", 8),
    ("unsigned char", 8),
    ("short", 16),
    ("unsigned short", 16),
    ("int", 32),
    ("unsigned", 32),
    ("long long", 64),
    ("unsigned long long", 64),
    ("_Bool", 1),
];

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// One generated aggregate: its declaration and the names of its non-bit-field members.
struct Decl {
    text: String,
    tag: String,
    members: Vec<String>,
}

fn generate(n: usize, seed: u64) -> Vec<Decl> {
    let mut r = Rng(seed);
    let mut out: Vec<Decl> = vec![];
    for i in 0..n {
        let is_union = r.below(6) == 0;
        let tag = format!("{} G{i}", if is_union { "union" } else { "struct" });
        let mut text = format!("{tag} {{");
        let mut members = vec![];
        let count = 1 + r.below(7);
        for m in 0..count {
            let name = format!("m{m}");
            match r.below(10) {
                0..=4 => {
                    let t = MEMBER_TYPES[r.below(MEMBER_TYPES.len() as u64) as usize];
                    text += &format!(" {t} {name};");
                    members.push(name);
                }
                5 => {
                    let t = MEMBER_TYPES[r.below(MEMBER_TYPES.len() as u64) as usize];
                    text += &format!(" {t} {name}[{}];", 1 + r.below(5));
                    members.push(name);
                }
                6 if i > 0 => {
                    // an earlier aggregate, without a flexible member
                    let j = r.below(i as u64) as usize;
                    if !out[j].text.contains("[];") {
                        text += &format!(" {} {name};", out[j].tag);
                        members.push(name);
                    }
                }
                _ => {
                    let (t, bits) = BITFIELD_TYPES[r.below(BITFIELD_TYPES.len() as u64) as usize];
                    let w = r.below(bits + 1);
                    match r.below(4) {
                        0 => text += &format!(" {t} : {w};"),
                        _ if w == 0 => text += &format!(" {t} : 0;"),
                        _ => text += &format!(" {t} {name} : {w};"),
                    }
                }
            }
        }
        if !is_union && !members.is_empty() && r.below(8) == 0 {
            let t = MEMBER_TYPES[r.below(MEMBER_TYPES.len() as u64) as usize];
            text += &format!(" {t} flex[];");
            members.push("flex".into());
        }
        if members.is_empty() {
            text += " int last;";
            members.push("last".into());
        }
        text += match r.below(8) {
            0 => " } __attribute__((packed));\n",
            1 => " } __attribute__((aligned(8)));\n",
            2 => " } __attribute__((__packed__, __aligned__(2)));\n",
            _ => " };\n",
        };
        out.push(Decl { text, tag, members });
    }
    out
}

fn fixed_decls() -> Vec<Decl> {
    let mut out = vec![];
    for line in FIXED.lines().filter(|l| l.starts_with("struct") || l.starts_with("union")) {
        let head = &line[..line.find('{').unwrap()];
        let kw = head.split(' ').next().unwrap();
        let tag = format!("{kw} {}", head.split_whitespace().last().unwrap());
        let body = &line[line.find('{').unwrap() + 1..line.rfind('}').unwrap()];
        let mut members = vec![];
        for m in body.split(';') {
            let m = m.trim();
            let m = m.trim_start_matches("struct {").trim();
            if m.is_empty() || m.contains([':', '}']) || m.contains("(*") {
                continue;
            }
            let decl = m.split('[').next().unwrap();
            let name = decl.split([' ', '*']).rfind(|w| !w.is_empty()).unwrap().to_string();
            members.push(name);
        }
        out.push(Decl { text: String::new(), tag, members });
    }
    out
}

/// The program: the declarations and one array of the numbers to compare.
fn program(decls: &[Decl]) -> String {
    let mut s = String::from(FIXED);
    for d in decls {
        s += &d.text;
    }
    s += "unsigned long long r[] = {\n";
    for d in decls {
        s += &format!("  sizeof({0}), _Alignof({0}),\n", d.tag);
        for m in &d.members {
            s += &format!("  __builtin_offsetof({}, {m}),\n", d.tag);
        }
    }
    s += "  sizeof(long double), _Alignof(long double), _Alignof(long long), _Alignof(double),\n";
    s += "  sizeof(enum E0), sizeof(enum E2), sizeof(E2A), sizeof(E1A),\n";
    s += "  __builtin_offsetof(struct F20, ld[1]), __builtin_offsetof(struct F14, s.c),\n";
    s += "  __builtin_offsetof(struct F17, u.a[3]), __builtin_offsetof(struct F29, in.d)\n};\n";
    s += "int printf(const char *, ...);\n";
    s += "int main(void) {\n  for (unsigned i = 0; i < sizeof r / sizeof r[0]; i++) printf(\"%llu\\n\", r[i]);\n  return 0;\n}\n";
    s
}

fn gcc_numbers(src: &str, m32: bool, dir: &std::path::Path) -> Vec<i128> {
    let c = dir.join(format!("layout{}.c", if m32 { 32 } else { 64 }));
    let exe = dir.join(format!("layout{}", if m32 { 32 } else { 64 }));
    std::fs::write(&c, src).unwrap();
    let mut cmd = Command::new("gcc");
    if m32 {
        cmd.arg("-m32");
    }
    let out = cmd.arg("-w").arg("-o").arg(&exe).arg(&c).output().expect("gcc runs");
    assert!(
        out.status.success(),
        "gcc{} fails: {}",
        if m32 { " -m32" } else { "" },
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    String::from_utf8_lossy(&run.stdout).lines().map(|l| l.parse().unwrap()).collect()
}

fn cfront_numbers(src: &str, dm: DataModel) -> Vec<i128> {
    let opts = Options { data_model: dm, ..Default::default() };
    let p = cfront::lower_str("layout.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
    let g = p.globals.iter().find(|g| g.c_name == "r").expect("the array r");
    let Init::List(items) = &g.init else { panic!("r: {:?}", g.init) };
    items
        .iter()
        .map(|i| match i {
            Init::Expr(Expr::Int(v)) => *v,
            Init::Expr(Expr::Cast(_, e)) if matches!(**e, Expr::Int(_)) => {
                let Expr::Int(v) = **e else { unreachable!() };
                v
            }
            Init::Zero => 0,
            other => panic!("not a constant: {other:?}"),
        })
        .collect()
}

#[test]
fn layout_matches_gcc_lp64_and_ilp32() {
    let mut decls = fixed_decls();
    // SLAM_LAYOUT_SEED=n tries other generated declarations
    let seed = std::env::var("SLAM_LAYOUT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x9e37_79b9_7f4a_7c15);
    decls.extend(generate(300, seed));
    let src = program(&decls);
    let dir = std::env::temp_dir().join(format!("cfront-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // labels for the messages: which expression each number is
    let mut what = vec![];
    for d in &decls {
        what.push(format!("sizeof({})", d.tag));
        what.push(format!("_Alignof({})", d.tag));
        for m in &d.members {
            what.push(format!("offsetof({}, {m})", d.tag));
        }
    }
    for (m32, dm) in [(false, DataModel::Lp64), (true, DataModel::Ilp32)] {
        let want = gcc_numbers(&src, m32, &dir);
        let got = cfront_numbers(&src, dm);
        assert_eq!(want.len(), got.len(), "{dm:?}: number count");
        assert!(want.len() > 1000, "{dm:?}: only {} numbers compared", want.len());
        eprintln!("{dm:?}: {} numbers of {} aggregates compared with gcc", want.len(), decls.len());
        let bad: Vec<String> = want
            .iter()
            .zip(&got)
            .enumerate()
            .filter(|(_, (w, g))| w != g)
            .map(|(i, (w, g))| {
                let decl = decls.iter().find(|d| {
                    what.get(i)
                        .is_some_and(|x| x.contains(&format!("{})", d.tag)) || x.contains(&format!("{},", d.tag)))
                });
                format!(
                    "{}: gcc {w}, cfront {g}   {}",
                    what.get(i).map(String::as_str).unwrap_or("builtin"),
                    decl.map(|d| d.text.trim()).unwrap_or("")
                )
            })
            .collect();
        assert!(bad.is_empty(), "{dm:?}: {} differences:\n{}", bad.len(), bad.join("\n"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
