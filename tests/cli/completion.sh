#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport completion bash|zsh: both scripts are valid shell (bash -n,
# zsh -n where zsh is installed), written from the command table: every
# command and every option --help lists is in both; bash completes a
# command's prefix, its options, an option's choices and file operands.
. tests/cli/lib.sh

check_ok "completion bash" "$BR" completion bash
cp "$T/out" "$T/c.bash"
check_ok "completion zsh" "$BR" completion zsh
cp "$T/out" "$T/c.zsh"
check_fail 2 "another shell is refused" "$BR" completion fish
check "the bash script is valid bash" bash -n "$T/c.bash"
if command -v zsh >/dev/null 2>&1; then
	check "the zsh script is valid zsh" zsh -n "$T/c.zsh"
else
	skip "the zsh script is valid zsh" "zsh not installed"
fi
check_grep "the zsh script is a completion function" "^#compdef benchreport$" "$T/c.zsh"

# Every command and each of its options, as --help gives them.
cmds=$("$BR" help | awk '/^commands:/{f=1;next} f && /^  [a-z]/{print $1}')
missing=""
for c in $cmds; do
	grep -q "^	$c[|)]" "$T/c.bash" || missing="$missing bash:$c"
	grep -q "^		'$c:" "$T/c.zsh" || missing="$missing zsh:$c"
	for o in $("$BR" "$c" --help | sed -n 's/^  \(-., \)\{0,1\} *\(--[a-z0-9-]*\).*/\2/p'); do
		grep -q -- " $o\b" "$T/c.bash" || missing="$missing bash:$c:$o"
		grep -q -- "$o\b" "$T/c.zsh" || missing="$missing zsh:$c:$o"
	done
done
check "every command and option is in both${missing:+ (missing:$missing)}" [ -z "$missing" ]

# bash, as it completes: COMP_WORDS and COMP_CWORD in, COMPREPLY out.
comp() {	# words...: the completions of the last word
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
	    _benchreport; printf "%s\n" "${COMPREPLY[@]}"' sh "$T/c.bash" "$@"
}
check "a command by its prefix" [ "$(comp benchreport pub)" = publish ]
check "a command's option" [ "$(comp benchreport export --for)" = --format ]
check "an option's choices" [ "$(comp benchreport export --format p)" = pts-xml ]
check "after --db, a file" [ "$(comp benchreport --db "$T/c.b")" = "$T/c.bash" ]
check "an operand, a file" [ "$(comp benchreport import "$T/c.z")" = "$T/c.zsh" ]
check "completion's own operand" [ "$(comp benchreport completion z)" = zsh ]
done_testing
