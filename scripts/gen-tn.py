#!/usr/bin/env python3
"""Write the boolean program T(N) of the Bebop paper's Fig. 4 to stdout.

usage: gen-tn.py N [--unreachable]
Every level procedure flips g, so main's two calls leave g as it was: `reach` is reachable
exactly when g starts at 0. With --unreachable, main starts with assume(g).
"""
import sys

def level(i, n):
    inner = "skip" if i == n else f"level{i+1}()"
    return f"""void level{i}()
begin
  decl a,b,c;
  if(g) then
    a,b,c := 0,0,0;
    while(!a|!b|!c) do
      if (!a) then
        a := 1;
      elsif (!b) then
        a,b := 0,1;
      elsif (!c) then
        a,b,c := 0,0,1;
      fi
    od
  else
    {inner}; {inner};
  fi
  g := !g;
end
"""

def main():
    n = int(sys.argv[1])
    unreachable = "--unreachable" in sys.argv[2:]
    out = ["// expect: " + ("unreachable" if unreachable else "reachable") + " reach",
           f"// T({n}) of the Bebop paper, Fig. 4", "decl g;", "void main()", "begin"]
    if unreachable:
        out.append("  assume(g);")
    out += ["  level1();", "  level1();", "  if(!g) then", "    reach: skip;", "  else", "    skip;", "  fi", "end", ""]
    print("\n".join(out))
    for i in range(1, n + 1):
        print(level(i, n))

main()
