/* SPDX-License-Identifier: ISC */
/*
 * benchreport completion bash|zsh: a shell completion script written from
 * the command table (commands, aliases, options, their letters and
 * choices, which arguments are files or directories), so that it never
 * lags behind the program. It reads nothing else and prints the script.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static int	 cmd_completion_exec(struct cmd_ctx *, const struct cmd_args *);
static void	 cmd_completion_bash(FILE *);
static void	 cmd_completion_zsh(FILE *);
static void	 cmd_completion_words(FILE *, const struct cmd_option *);
static void	 cmd_completion_bash_args(FILE *, const struct cmd_option *);
static const char *cmd_completion_kind(const struct cmd_option *);
static void	 cmd_completion_zsh_text(FILE *, const char *, size_t);
static void	 cmd_completion_zsh_option(FILE *, const struct cmd_option *);

CMD_CHOICES(cmd_completion_shell, "bash", "zsh")

const struct cmd_entry cmd_completion_entry = {
	.name = "completion",
	.operands = "bash|zsh",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "print a shell completion script for bash or zsh",
	.help_extra = "bash: eval \"$(benchreport completion bash)\" in ~/.bashrc, or save it\n"
	    "as /usr/share/bash-completion/completions/benchreport.\n"
	    "zsh: save it as _benchreport in a directory of $fpath.\n",
	.flags = 0,
	.exec = cmd_completion_exec
};

/* "file", "dir" or "" (no completion) for an option's argument. */
static const char *
cmd_completion_kind(const struct cmd_option *o)
{
	if (o->arg == NULL || o->choice != NULL)
		return "";
	if (strcmp(o->arg, "DIR") == 0)
		return "dir";
	if (strcmp(o->arg, "FILE") == 0 || strcmp(o->arg, "PATH") == 0)
		return "file";
	return "";
}

/* "--name -l" for each option of o. */
static void
cmd_completion_words(FILE *fp, const struct cmd_option *o)
{
	for (; o != NULL && o->name != NULL; o++) {
		fprintf(fp, " --%s", o->name);
		if (o->letter != 0)
			fprintf(fp, " -%c", o->letter);
	}
}

/* The case arms for option arguments: choices, files, directories. */
static void
cmd_completion_bash_args(FILE *fp, const struct cmd_option *o)
{
	const char	*k, *v;
	size_t		 i;

	for (; o != NULL && o->name != NULL; o++) {
		if (o->arg == NULL)
			continue;
		fprintf(fp, "\t\t--%s", o->name);
		if (o->letter != 0)
			fprintf(fp, "|-%c", o->letter);
		k = cmd_completion_kind(o);
		if (o->choice != NULL) {
			fputs(") COMPREPLY=($(compgen -W \"", fp);
			for (i = 0; (v = o->choice(i)) != NULL; i++)
				fprintf(fp, "%s%s", i > 0 ? " " : "", v);
			fputs("\" -- \"$cur\")); return ;;\n", fp);
		} else if (strcmp(k, "dir") == 0)
			fputs(") COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n", fp);
		else if (strcmp(k, "file") == 0)
			fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", fp);
		else
			fputs(") return ;;\n", fp);
	}
}

static void
cmd_completion_bash(FILE *fp)
{
	const struct cmd_option	*common = cmd_common_options();
	const struct cmd_entry	*e;
	size_t			 i;

	fputs("# bash completion for benchreport, written by "
	    "`benchreport completion bash`\n"
	    "_benchreport()\n{\n"
	    "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	    "\tlocal cmd= i\n"
	    "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	    "\t\tcase ${COMP_WORDS[i]} in\n"
	    "\t\t--db) ((i++)) ;;\n"
	    "\t\t-*) ;;\n"
	    "\t\t*) cmd=${COMP_WORDS[i]}; break ;;\n"
	    "\t\tesac\n"
	    "\tdone\n"
	    "\tcase $prev in\n", fp);
	cmd_completion_bash_args(fp, common);
	fputs("\tesac\n\tcase $cmd in\n\t'')\n\t\tCOMPREPLY=($(compgen -W \""
	    "--version -V", fp);
	cmd_completion_words(fp, common);
	fputs(" help", fp);
	for (i = 0; (e = cmd_table[i]) != NULL; i++) {
		fprintf(fp, " %s", e->name);
		if (e->alias != NULL)
			fprintf(fp, " %s", e->alias);
	}
	fputs("\" -- \"$cur\"))\n\t\treturn ;;\n", fp);
	for (i = 0; (e = cmd_table[i]) != NULL; i++) {
		fprintf(fp, "\t%s", e->name);
		if (e->alias != NULL)
			fprintf(fp, "|%s", e->alias);
		fputs(")\n\t\tcase $prev in\n", fp);
		cmd_completion_bash_args(fp, e->options);
		fputs("\t\tesac\n\t\tif [[ $cur == -* ]]; then\n"
		    "\t\t\tCOMPREPLY=($(compgen -W \"", fp);
		cmd_completion_words(fp, e->options);
		cmd_completion_words(fp, common);
		fputs("\" -- \"$cur\"))\n\t\telse\n", fp);
		if (e == &cmd_completion_entry)
			fputs("\t\t\tCOMPREPLY=($(compgen -W \"bash zsh\" -- "
			    "\"$cur\"))\n", fp);
		else if (e->max_operands == 0)
			fputs("\t\t\tCOMPREPLY=()\n", fp);
		else
			fputs("\t\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n", fp);
		fputs("\t\tfi\n\t\t;;\n", fp);
	}
	fputs("\tesac\n}\n"
	    "complete -o filenames -o bashdefault -F _benchreport benchreport\n",
	    fp);
}

/*
 * Text inside a zsh single-quoted _arguments spec: [ ] : \ escaped, '
 * dropped, a newline a space.
 */
static void
cmd_completion_zsh_text(FILE *fp, const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n && s[i] != '\0'; i++) {
		if (s[i] == '\'')
			continue;
		if (s[i] == '\n') {	/* a help text's continuation line */
			fputc(' ', fp);
			continue;
		}
		if (s[i] == '[' || s[i] == ']' || s[i] == ':' || s[i] == '\\')
			fputc('\\', fp);
		fputc(s[i], fp);
	}
}

/* One option as _arguments specs: '(-l --name)'{-l,--name}'[help]:ARG:action'. */
static void
cmd_completion_zsh_option(FILE *fp, const struct cmd_option *o)
{
	const char	*k = cmd_completion_kind(o), *v;
	size_t		 i;

	fputs("\t\t", fp);
	/* A repeatable option excludes nothing, not even itself. */
	if (o->flags & CMD_OPT_REPEAT)
		fputs("'*'", fp);
	else if (o->letter != 0)
		fprintf(fp, "'(-%c --%s)'", o->letter, o->name);
	if (o->letter != 0)
		fprintf(fp, "{-%c,--%s}", o->letter, o->name);
	else
		fprintf(fp, "'--%s'", o->name);
	fputs("'[", fp);
	cmd_completion_zsh_text(fp, o->help, strlen(o->help));
	fputc(']', fp);
	if (o->arg != NULL) {
		fputc(':', fp);
		cmd_completion_zsh_text(fp, o->arg, strlen(o->arg));
		fputc(':', fp);
		if (o->choice != NULL) {
			fputc('(', fp);
			for (i = 0; (v = o->choice(i)) != NULL; i++) {
				fputs(i > 0 ? " " : "", fp);
				cmd_completion_zsh_text(fp, v, strlen(v));
			}
			fputc(')', fp);
		} else if (strcmp(k, "dir") == 0)
			fputs("_files -/", fp);
		else if (strcmp(k, "file") == 0)
			fputs("_files", fp);
		else
			fputs(" ", fp);
	}
	fputs("' \\\n", fp);
}

static void
cmd_completion_zsh(FILE *fp)
{
	const struct cmd_option	*common = cmd_common_options(), *o;
	const struct cmd_entry	*e;
	size_t			 i;

	fputs("#compdef benchreport\n"
	    "# zsh completion for benchreport, written by "
	    "`benchreport completion zsh`\n"
	    "_benchreport() {\n"
	    "\tlocal curcontext=$curcontext state line\n"
	    "\tlocal -a commands\n"
	    "\tcommands=(\n", fp);
	for (i = 0; (e = cmd_table[i]) != NULL; i++) {
		fprintf(fp, "\t\t'%s:", e->name);
		cmd_completion_zsh_text(fp, e->summary, strlen(e->summary));
		fputs("'\n", fp);
	}
	fputs("\t\t'help:show the help of benchreport or of a command'\n"
	    "\t)\n"
	    "\t_arguments -C \\\n"
	    "\t\t'(- *)'{-V,--version}'[print the version]' \\\n", fp);
	for (o = common; o->name != NULL; o++)
		cmd_completion_zsh_option(fp, o);
	fputs("\t\t'1:command:->command' \\\n"
	    "\t\t'*::argument:->argument'\n"
	    "\tcase $state in\n"
	    "\tcommand)\n"
	    "\t\t_describe -t commands command commands\n"
	    "\t\t;;\n"
	    "\targument)\n"
	    "\t\tcase $words[1] in\n", fp);
	for (i = 0; (e = cmd_table[i]) != NULL; i++) {
		fprintf(fp, "\t\t%s", e->name);
		if (e->alias != NULL)
			fprintf(fp, "|%s", e->alias);
		fputs(")\n\t\t_arguments \\\n", fp);
		for (o = e->options; o != NULL && o->name != NULL; o++)
			cmd_completion_zsh_option(fp, o);
		for (o = common; o->name != NULL; o++)
			cmd_completion_zsh_option(fp, o);
		if (e == &cmd_completion_entry)
			fputs("\t\t\t'1:shell:(bash zsh)'\n", fp);
		else if (e->max_operands == 0)
			fputs("\t\t\t''\n", fp);
		else
			fputs("\t\t\t'*:file:_files'\n", fp);
		fputs("\t\t\t;;\n", fp);
	}
	fputs("\t\thelp)\n\t\t\t_describe -t commands command commands\n"
	    "\t\t\t;;\n\t\tesac\n\t\t;;\n\tesac\n}\n"
	    "_benchreport \"$@\"\n", fp);
}

static int
cmd_completion_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	const char	*shell = args->argv[0];

	if (strcmp(shell, "bash") == 0)
		cmd_completion_bash(stdout);
	else if (strcmp(shell, "zsh") == 0)
		cmd_completion_zsh(stdout);
	else
		return cmd_unknown(ctx, "shell", shell, cmd_completion_shell);
	return EXIT_OK;
}
