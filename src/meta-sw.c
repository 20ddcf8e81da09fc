/* SPDX-License-Identifier: ISC */
/*
 * Software rules. Kernel releases are split into an upstream version
 * (with any -rcN kept, since an rc is not the release) and a flavour
 * (Debian/Ubuntu suffix or RPM dist tag). OS and compiler names go
 * through small alias tables; anything not stated stays unset.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "meta-sw.h"
#include "strbuf.h"
#include "xalloc.h"

struct meta_sw_alias {
	const char	*from;		/* as written, case-insensitive */
	const char	*to;
};

/* One name per distribution, so queries match across spellings. */
static const struct meta_sw_alias meta_sw_os_aliases[] = {
	{ "Fedora Linux", "Fedora" },
	{ "Debian GNU/Linux", "Debian" },
	{ "Red Hat Enterprise Linux Server", "Red Hat Enterprise Linux" },
	{ "Ubuntu Server", "Ubuntu" },
	{ "Mac OS X", "macOS" },
};

static const struct meta_sw_alias meta_sw_compilers[] = {
	{ "GCC", "gcc" }, { "Clang", "clang" }, { "AMD Clang", "aocc" },
	{ "AOCC", "aocc" }, { "ICC", "icc" }, { "ICX", "icx" },
	{ "Intel oneAPI DPC++/C++ Compiler", "icx" },
	{ "PGI Compiler", "pgi" }, { "NVHPC", "nvhpc" }, { "Zig", "zig" },
	{ "MSVC", "msvc" }, { "LLVM", "llvm" },
};

static const char *const meta_sw_governors[] = {
	"performance", "powersave", "ondemand", "conservative", "schedutil",
	"userspace",
};

static const char *const meta_sw_bsds[] = {
	"FreeBSD", "OpenBSD", "NetBSD", "DragonFly", "GhostBSD", "MidnightBSD",
};

static int	 meta_sw_is_bsd(const char *name);
static bool	 meta_sw_uname_split(const char *raw, char **sys, char **rel);

void
meta_sw_kernel(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS], m2[META_UTIL_MAXGROUPS];
	struct strbuf	 ver;
	char		*s, *rel = NULL, *rest = NULL, *fl = NULL, *rc = NULL;
	char		*p;

	s = meta_util_squeeze(raw);
	/* Drop "(x86_64)" and anything after the release token. */
	if ((p = strchr(s, ' ')) != NULL)
		*p = '\0';
	if (!meta_util_match("^v?([0-9]+\\.[0-9]+(\\.[0-9]+)?)(.*)$", s, m))
		goto out;
	rel = meta_util_group(s, m, 1);
	rest = m[3].rm_so >= 0 ? xstrdup(s + m[3].rm_so) : xstrdup("");
	strbuf_init(&ver);
	strbuf_adds(&ver, rel);
	/* "-rc7", or Ubuntu mainline "-051400rc7": a release candidate. */
	if (meta_util_match("^-([0-9]{6})?(rc[0-9]+)", rest, m)) {
		rc = meta_util_group(rest, m, 2);
		strbuf_printf(&ver, "-%s", rc);
	}
	meta_util_emit(e, "kernel_version", strbuf_str(&ver));
	strbuf_free(&ver);
	/* RPM dist tag: "-547.el9.x86_64", "-200.fc30.x86_64". */
	if (meta_util_match("\\.(el[0-9]+[_0-9]*|fc[0-9]+|amzn[0-9]+|mga[0-9]+)"
	    "([.]|$)", rest, m))
		fl = meta_util_group(rest, m, 1);
	/* Debian/Ubuntu/BSD suffix: the last "-word" that is not a number or rc. */
	else if (meta_util_match("-([[:alpha:]][[:alnum:]_+.]*)$", rest, m) &&
	    !meta_util_match("^-rc[0-9]+$", rest + m[0].rm_so, m2))
		fl = meta_util_group(rest, m, 1);
	meta_util_emit(e, "kernel_flavour", fl);
out:
	free(rc);
	free(fl);
	free(rest);
	free(rel);
	free(s);
}

static int
meta_sw_is_bsd(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof(meta_sw_bsds) / sizeof(meta_sw_bsds[0]); i++)
		if (strcasecmp(name, meta_sw_bsds[i]) == 0)
			return 1;
	return 0;
}

/*
 * Split "Linux host 5.15.0-91-generic #101-Ubuntu SMP ... GNU/Linux" into
 * the system name and release; false when raw is no uname line.
 */
static bool
meta_sw_uname_split(const char *raw, char **sys, char **rel)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	if (!meta_util_match("^[[:space:]]*(Linux|FreeBSD|OpenBSD|NetBSD|DragonFly|"
	    "Darwin)[[:space:]]+[^[:space:]]+[[:space:]]+([0-9][^[:space:]]*)",
	    raw, m))
		return false;
	*sys = meta_util_group(raw, m, 1);
	*rel = meta_util_group(raw, m, 2);
	return true;
}

void
meta_sw_uname(const char *raw, struct meta_emit *e)
{
	char	*sys, *rel;

	if (!meta_sw_uname_split(raw, &sys, &rel))
		return;
	meta_sw_kernel(rel, e);
	free(rel);
	free(sys);
}

void
meta_sw_os_uname(const char *raw, struct meta_emit *e)
{
	char	*sys, *rel;

	/* Linux is a kernel, not a distribution: only the BSDs name their OS. */
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*ver;

	if (!meta_sw_uname_split(raw, &sys, &rel))
		return;
	if (meta_sw_is_bsd(sys)) {
		meta_util_emit(e, "os_name", sys);
		if (meta_util_match("^[0-9]+(\\.[0-9]+)*", rel, m)) {
			ver = meta_util_group(rel, m, 0);
			meta_util_emit(e, "os_version", ver);
			free(ver);
		}
	}
	free(rel);
	free(sys);
}

void
meta_sw_os(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*s, *name = NULL, *ver = NULL;
	const char	*canon;
	size_t		 i;

	s = meta_util_squeeze(raw);
	/* Name: the words before the first one starting with a digit. */
	if (meta_util_match("^([^0-9]*[^0-9[:space:]])( ([0-9]+(\\.[0-9]+)*)"
	    "([^[:space:]]*))?", s, m)) {
		name = meta_util_group(s, m, 1);
		ver = meta_util_group(s, m, 3);
	}
	if (name == NULL)
		goto out;
	canon = name;
	for (i = 0; i < sizeof(meta_sw_os_aliases) / sizeof(meta_sw_os_aliases[0]); i++)
		if (strcasecmp(name, meta_sw_os_aliases[i].from) == 0)
			canon = meta_sw_os_aliases[i].to;
	meta_util_emit(e, "os_name", canon);
	meta_util_emit(e, "os_version", ver);
out:
	free(ver);
	free(name);
	free(s);
}

void
meta_sw_bsd_kernel(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*name, *rel;

	if (!meta_util_match("^[[:space:]]*([[:alpha:]]+) ([0-9][^[:space:]]*)",
	    raw, m))
		return;
	name = meta_util_group(raw, m, 1);
	rel = meta_util_group(raw, m, 2);
	if (meta_sw_is_bsd(name))
		meta_sw_kernel(rel, e);
	free(rel);
	free(name);
}

void
meta_sw_compiler(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	struct str_list	 parts = { 0 };
	const char	*p, *name = NULL;
	char		*ver = NULL;
	size_t		 i, n, best = 0;

	/* PTS lists the compiler the tests used first. */
	meta_util_split(raw, " + ", &parts);
	if (parts.len == 0)
		goto out;
	p = parts.items[0];
	for (i = 0; i < sizeof(meta_sw_compilers) / sizeof(meta_sw_compilers[0]); i++) {
		n = strlen(meta_sw_compilers[i].from);
		if (strncasecmp(p, meta_sw_compilers[i].from, n) == 0 &&
		    (p[n] == ' ' || p[n] == '\0') && n > best) {
			best = n;
			name = meta_sw_compilers[i].to;
		}
	}
	if (name == NULL)
		goto out;
	if (meta_util_match("^[0-9]+(\\.[0-9]+)*", p + best +
	    (p[best] == ' ' ? 1 : 0), m))
		ver = meta_util_group(p + best + (p[best] == ' ' ? 1 : 0), m, 0);
	meta_util_emit(e, "compiler", name);
	meta_util_emit(e, "compiler_version", ver);
out:
	free(ver);
	str_list_free(&parts);
}

void
meta_sw_governor(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	struct strbuf	 re;
	char		*scope, *p;
	const char	*best = NULL;
	regoff_t	 at = -1;
	size_t		 i;

	/*
	 * "Scaling Governor: amd-pstate-epp powersave (EPP: performance)":
	 * only the words after the label and before the parenthesis count.
	 */
	p = strstr(raw, "Scaling Governor:");
	scope = xstrdup(p != NULL ? p + strlen("Scaling Governor:") : raw);
	if ((p = strchr(scope, '(')) != NULL)
		*p = '\0';
	if ((p = strstr(scope, " - ")) != NULL)
		*p = '\0';
	for (i = 0; i < sizeof(meta_sw_governors) / sizeof(meta_sw_governors[0]); i++) {
		strbuf_init(&re);
		strbuf_printf(&re, "(^|[^[:alnum:]_-])%s([^[:alnum:]_-]|$)",
		    meta_sw_governors[i]);
		if (meta_util_match(strbuf_str(&re), scope, m) &&
		    (at < 0 || m[0].rm_so < at)) {
			at = m[0].rm_so;
			best = meta_sw_governors[i];
		}
		strbuf_free(&re);
	}
	meta_util_emit(e, "cpu_governor", best);
	free(scope);
}
