//! `<ctype.h>` in the "C" locale, as glibc has it (docs/cminus.md, "Character classes").
//!
//! glibc's macros read its tables through `__ctype_b_loc()` (`(*__ctype_b_loc())[(int) c] &
//! (unsigned short) _ISdigit`), its functions (`isdigit(c)` called as a function, `tolower`)
//! read the same tables. Left external, every class test was any value. In the "C" locale
//! (every program starts in it) a class is a few ranges of ASCII, so both forms become
//! arithmetic on `c` that predicates can talk about:
//!
//! ```text
//! (*__ctype_b_loc())[(int) c] & 2048,  isdigit(c)
//!     ~>  if ((int)c >= -128 && (int)c <= 255) t := (int)((int)c >= 48 && (int)c <= 57) * 2048;
//!         else t := __slam_clobbered_i32(0);         (outside glibc's table: undefined)
//! tolower(c)  ~>  (int)c + 32 * (int)(c is 'A' … 'Z') + 256 * (int)(c is -128 … -2)
//! ```
//!
//! Other uses of `__ctype_b_loc()`, `__ctype_tolower_loc()` and `__ctype_toupper_loc()` (a
//! table pointer kept in a variable) get the tables themselves: globals with the "C" locale's
//! contents, indexed from -128 as glibc's are. `setlocale` and `uselocale` may change the
//! tables: in a program that calls either none of this applies (`exit::Uses::locale`), and
//! the functions are external (any value) as before.

use super::{const_expr, Lowerer, Res};
use cminus::*;
use lang_c::ast::{BinaryOperator, Expression, UnaryOperator};
use lang_c::span::Node;

/// The three tables: classes (`unsigned short`), `tolower`, `toupper` (`int`).
#[derive(Clone, Copy)]
enum Table {
    Class,
    Lower,
    Upper,
}

impl Table {
    /// The global array and the global pointer to its element for character 0.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Table::Class => ("__slam_ctype_b_table", "__slam_ctype_b"),
            Table::Lower => ("__slam_ctype_tolower_table", "__slam_ctype_tolower"),
            Table::Upper => ("__slam_ctype_toupper_table", "__slam_ctype_toupper"),
        }
    }

    fn elem(self) -> Type {
        match self {
            Table::Class => Type::Int { bits: 16, signed: false },
            Table::Lower | Table::Upper => Type::INT,
        }
    }

    /// The entry for character `c` (-128 … 255) in glibc's "C" locale.
    fn value(self, c: i32) -> i128 {
        // glibc's tables map the negative `char`s other than EOF to their `unsigned char`
        let byte = if (-128..=-2).contains(&c) { c + 256 } else { c };
        i128::from(match self {
            Table::Class => i32::from(class_bits(c)),
            Table::Lower if (65..=90).contains(&c) => c + 32,
            Table::Upper if (97..=122).contains(&c) => c - 32,
            Table::Lower | Table::Upper => byte,
        })
    }
}

/// glibc's class bit `i` (`_ISbit(i)` on a little-endian machine): `_ISupper` is 0,
/// `_ISalnum` 11, in the order of [`CLASS_FNS`].
fn class_bit(i: u32) -> u16 {
    if i < 8 {
        (1 << i) << 8
    } else {
        (1 << i) >> 8
    }
}

/// The class functions, in the order of their bits.
const CLASS_FNS: [&str; 12] = [
    "isupper", "islower", "isalpha", "isdigit", "isxdigit", "isspace", "isprint", "isgraph", "isblank", "iscntrl",
    "ispunct", "isalnum",
];

/// The classes of character `c` in the "C" locale (only ASCII has any).
fn class_bits(c: i32) -> u16 {
    let Ok(c) = u8::try_from(c) else { return 0 };
    if c > 127 {
        return 0;
    }
    let ch = c as char;
    let classes = [
        ch.is_ascii_uppercase(),
        ch.is_ascii_lowercase(),
        ch.is_ascii_alphabetic(),
        ch.is_ascii_digit(),
        ch.is_ascii_hexdigit(),
        matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        (0x20..=0x7e).contains(&c),
        ch.is_ascii_graphic(),
        matches!(c, b' ' | b'\t'),
        ch.is_ascii_control(),
        ch.is_ascii_punctuation(),
        ch.is_ascii_alphanumeric(),
    ];
    (0..12).filter(|&i| classes[i as usize]).map(class_bit).fold(0, |a, b| a | b)
}

/// The ranges of ASCII in class `i` (the order of [`CLASS_FNS`]).
fn class_ranges(i: u32) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = vec![];
    for c in 0..128 {
        if class_bits(c) & class_bit(i) == 0 {
            continue;
        }
        match out.last_mut() {
            Some((_, hi)) if *hi == c - 1 => *hi = c,
            _ => out.push((c, c)),
        }
    }
    out
}

/// `lo <= c && c <= hi` over an `int`.
fn within(c: &Expr, lo: i32, hi: i32) -> Expr {
    if lo == hi {
        return Expr::bin(BinOp::Eq, c.clone(), Expr::Int(lo.into()));
    }
    Expr::bin(
        BinOp::And,
        Expr::bin(BinOp::Ge, c.clone(), Expr::Int(lo.into())),
        Expr::bin(BinOp::Le, c.clone(), Expr::Int(hi.into())),
    )
}

/// `(int)cond * k`: `k` when `cond` holds, else 0.
fn times(cond: Expr, k: i32) -> Expr {
    Expr::bin(BinOp::Mul, Expr::Cast(Type::INT, Box::new(cond)), Expr::Int(k.into()))
}

/// `tolower(c)` / `toupper(c)` of an `int`, as glibc's functions compute it in the "C"
/// locale (outside the table's -128 … 255 they return `c`).
fn case_map(c: &Expr, lower: bool) -> Expr {
    let (from, shift) = if lower { ((65, 90), 32) } else { ((97, 122), -32) };
    let moved = Expr::bin(BinOp::Add, c.clone(), times(within(c, from.0, from.1), shift));
    Expr::bin(BinOp::Add, moved, times(within(c, -128, -2), 256))
}

impl Lowerer<'_> {
    /// The global pointer to `t`'s entry for character 0, made with its table on first use.
    fn ctype_table(&mut self, t: Table) -> &'static str {
        let (table, ptr) = t.names();
        if !self.prog.globals.iter().any(|g| g.name == ptr) {
            let elem = t.elem();
            let init = (-128..256).map(|c| Init::Expr(const_expr(t.value(c), &elem))).collect();
            let var = |name: &str, ty: Type, init: Init, loc| Var {
                name: name.to_string(),
                c_name: name.to_string(),
                ty,
                loc,
                init,
            };
            let at0 = Expr::AddrOf(Lval::Index(Box::new(Lval::var(table)), Box::new(Expr::Int(128))));
            let loc = self.cur_loc;
            self.prog.globals.push(var(table, Type::Array(Box::new(elem.clone()), Some(384)), Init::List(init), loc));
            self.prog.globals.push(var(ptr, Type::ptr(elem), Init::Expr(at0), loc));
        }
        ptr
    }

    /// The class bits `mask` of the `int` character `c`: exact for -128 … 255 (glibc's table),
    /// unknown outside it (glibc reads outside its table: undefined).
    fn class_value(&mut self, mask: u16, c: Expr) -> Res<Expr> {
        let mut v: Option<Expr> = None;
        for i in 0..12 {
            let bit = class_bit(i);
            if mask & bit == 0 {
                continue;
            }
            let Some(cond) = class_ranges(i)
                .into_iter()
                .map(|(lo, hi)| within(&c, lo, hi))
                .reduce(|a, b| Expr::bin(BinOp::Or, a, b))
            else {
                continue;
            };
            let term = times(cond, bit.into());
            v = Some(match v {
                Some(v) => Expr::bin(BinOp::BitOr, v, term),
                None => term,
            });
        }
        let v = v.unwrap_or(Expr::Int(0));
        let t = Lval::var(&self.new_temp(Type::INT)?);
        // outside the table: what glibc reads there, unknown to the proofs, and a value the
        // interpreter does not compute (`names::clobbered`: the run stops there as unmodelled)
        let unknown = cminus::names::clobbered(&Type::INT);
        self.funcs.entry(unknown.clone()).or_insert(FuncType {
            ret: Type::INT,
            params: vec![Type::INT],
            variadic: false,
        });
        self.emit_if(
            within(&c, -128, 255),
            &mut |l: &mut Self| l.emit(StmtKind::Assign(t.clone(), v.clone())),
            &mut |l: &mut Self| {
                let call = StmtKind::Call { ret: Some(t.clone()), callee: unknown.clone(), args: vec![Expr::Int(0)] };
                l.emit(call)
            },
        )?;
        Ok(Expr::Lval(t))
    }

    /// glibc's class macro `(*__ctype_b_loc())[(int) c] & (unsigned short) MASK` in a
    /// program in the "C" locale: [`Lowerer::class_value`] (an `int`, as the `&` of two
    /// promoted `unsigned short`s is). `None` for any other `&`.
    pub(super) fn ctype_macro(&mut self, lhs: &Node<Expression>, rhs: &Node<Expression>) -> Res<Option<(Expr, Type)>> {
        if !self.c_locale || self.defined_fns.contains("__ctype_b_loc") {
            return Ok(None);
        }
        let Expression::BinaryOperator(ix) = &lhs.node else { return Ok(None) };
        if ix.node.operator.node != BinaryOperator::Index {
            return Ok(None);
        }
        let Expression::UnaryOperator(u) = &ix.node.lhs.node else { return Ok(None) };
        if u.node.operator.node != UnaryOperator::Indirection {
            return Ok(None);
        }
        let Expression::Call(call) = &u.node.operand.node else { return Ok(None) };
        let Expression::Identifier(id) = &call.node.callee.node else { return Ok(None) };
        if id.node.name != "__ctype_b_loc" || !call.node.arguments.is_empty() {
            return Ok(None);
        }
        let mut m = rhs;
        while let Expression::Cast(c) = &m.node {
            m = &c.node.expression;
        }
        // a constant, or an enumeration constant (`_ISdigit`)
        let mask = match &m.node {
            Expression::Constant(_) => self.const_int(m)?,
            Expression::Identifier(n) => match self.lookup(&n.node.name) {
                Some(super::Sym::Enum(v, _)) => *v,
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let Ok(mask) = u16::try_from(mask) else { return Ok(None) };
        let (c, ct) = self.rv(&ix.node.rhs)?;
        let c = if ct == Type::INT { c } else { Expr::Cast(Type::INT, Box::new(c)) };
        Ok(Some((self.class_value(mask, c)?, Type::INT)))
    }

    /// A call of a `<ctype.h>` function the program does not define, with its model;
    /// `Ok(false)` (nothing emitted) when `f` is none of them or has another shape.
    pub(super) fn ctype_call(&mut self, f: &str, ret: Option<&Lval>, args: &[Expr]) -> Res<bool> {
        let proc = self.current_proc();
        let rt = ret.and_then(|r| self.prog.type_of_lval(proc.as_ref(), r));
        let table = match f {
            "__ctype_b_loc" => Table::Class,
            "__ctype_tolower_loc" => Table::Lower,
            "__ctype_toupper_loc" => Table::Upper,
            _ => {
                let [c] = args else { return Ok(false) };
                let rt = match rt {
                    Some(t @ Type::Int { .. }) => t,
                    None => Type::INT,
                    Some(_) => return Ok(false),
                };
                let c = match self.prog.type_of(proc.as_ref(), c) {
                    Some(Type::INT) => c.clone(),
                    _ => Expr::Cast(Type::INT, Box::new(c.clone())),
                };
                let v = if let Some(i) = CLASS_FNS.iter().position(|&n| n == f) {
                    if ret.is_none() {
                        return Ok(true);
                    }
                    self.class_value(class_bit(i as u32), c)?
                } else if matches!(f, "tolower" | "toupper") {
                    case_map(&c, f == "tolower")
                } else {
                    return Ok(false);
                };
                if let Some(r) = ret {
                    self.emit(StmtKind::Assign(r.clone(), Expr::Cast(rt, Box::new(v))))?;
                }
                return Ok(true);
            }
        };
        if !args.is_empty() {
            return Ok(false);
        }
        let p = self.ctype_table(table);
        if let (Some(r), Some(rt)) = (ret, rt) {
            self.emit(StmtKind::Assign(r.clone(), Expr::Cast(rt, Box::new(Expr::AddrOf(Lval::var(p))))))?;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_c_locale_as_glibc_has_it() {
        // values read off glibc 2.36's tables (`(*__ctype_b_loc())[c]`)
        let b = |c: u8| Table::Class.value(i32::from(c));
        assert_eq!(b(b'a'), 0xd608); // lower, alpha, xdigit, print, graph, alnum
        assert_eq!(b(b'Z'), 0xc508);
        assert_eq!(b(b'5'), 0xd808);
        assert_eq!(b(b' '), 0x6001); // space, print, blank
        assert_eq!(b(b'\t'), 0x2003); // space, blank, cntrl
        assert_eq!(b(b'.'), 0xc004); // print, graph, punct
        assert_eq!(b(0), 0x0002);
        assert_eq!(b(200), 0);
        assert_eq!(Table::Class.value(-1), 0);
        assert_eq!(Table::Lower.value(i32::from(b'Q')), i128::from(b'q'));
        assert_eq!(Table::Upper.value(i32::from(b'q')), i128::from(b'Q'));
        assert_eq!(Table::Lower.value(-128), 128);
        assert_eq!(Table::Upper.value(-1), -1);
        assert_eq!(Table::Lower.value(255), 255);
    }
}
