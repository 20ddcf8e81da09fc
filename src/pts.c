/* SPDX-License-Identifier: ISC */
/*
 * Pieces of the PTS result file format shared by parse-pts.c and
 * export-pts.c: the Hardware/Software field grammar, the number syntax,
 * and the comparison hash PTS computes (docs/pts-xml.md). No XML here.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <nettle/sha1.h>

#include "pts.h"
#include "strbuf.h"
#include "xalloc.h"

/* Longest component label we accept ("Display Server", "Motherboard Chipset"). */
#define PTS_KEY_MAX	40

static size_t	 pts_key_len(const char *s);
static void	 pts_add_stripped(struct strbuf *sb, const char *s, size_t n);
static void	 pts_digit(char c, unsigned long long *m, int *nd,
		    bool *simple);

/* PTS's software component labels, in its emission order. */
static const char *const pts_software_keys[] = {
	"OS", "Kernel", "Desktop", "Display Server", "Display Driver",
	"OpenGL", "OpenCL", "Vulkan", "Compiler", "File-System",
	"Screen Resolution", "System Layer", NULL
};

/*
 * Length of the label when s starts with "Label: ", else 0. A label is a
 * short run of letters, digits, blanks and ._/- starting with a letter or
 * digit; that is what tells "Disk: a, Graphics: b" from "1,2 x, y: z".
 */
static size_t
pts_key_len(const char *s)
{
	size_t	n = 0;

	if (!isalnum((unsigned char)s[0]))
		return 0;
	while (n < PTS_KEY_MAX && s[n] != '\0' && (isalnum((unsigned char)s[n]) ||
	    strchr(" ._/-", s[n]) != NULL))
		n++;
	if (s[n] == ':' && s[n + 1] == ' ' && s[n - 1] != ' ')
		return n;
	return 0;
}

void
pts_split_fields(struct kv_list *l, const char *s)
{
	const char	*seg, *p, *next;
	size_t		 k;
	char		*key, *value;

	if (s == NULL || *s == '\0')
		return;
	for (seg = s; seg != NULL; seg = next) {
		/* The next boundary: ", " then a label. */
		next = NULL;
		for (p = strstr(seg, ", "); p != NULL; p = strstr(p + 1, ", ")) {
			if (pts_key_len(p + 2) > 0) {
				next = p + 2;
				break;
			}
		}
		value = next != NULL ? xstrndup(seg, (size_t)(next - 2 - seg)) :
		    xstrdup(seg);
		if ((k = pts_key_len(value)) > 0) {
			key = xstrndup(value, k);
			kv_list_add(l, key, value + k + 2);
			free(key);
		} else
			kv_list_add(l, "", value);
		free(value);
	}
}

char *
pts_join_fields(const struct kv_list *l, size_t from, size_t to)
{
	struct strbuf	sb;
	size_t		i;

	strbuf_init(&sb);
	for (i = from; i < to && i < l->len; i++) {
		if (i > from)
			strbuf_adds(&sb, ", ");
		if (l->items[i].key[0] != '\0')
			strbuf_printf(&sb, "%s: ", l->items[i].key);
		strbuf_adds(&sb, l->items[i].value);
	}
	return strbuf_detach(&sb);
}

size_t
pts_hardware_count(const struct kv_list *l)
{
	size_t	i, k;

	for (i = 0; i < l->len; i++)
		for (k = 0; pts_software_keys[k] != NULL; k++)
			if (strcmp(l->items[i].key, pts_software_keys[k]) == 0)
				return i;
	return l->len;
}

/*
 * Add one digit to the mantissa m of a number being read; nd counts its
 * significant digits. Past 19 digits m would overflow: leave it to strtod.
 */
static void
pts_digit(char c, unsigned long long *m, int *nd, bool *simple)
{
	if (*nd >= 19) {
		*simple = false;
		return;
	}
	*m = *m * 10 + (unsigned)(c - '0');
	if (*m != 0)
		(*nd)++;
}

bool
pts_number(const char *s, double *out)
{
	/* Exact powers of ten: a double holds 10^0 to 10^22 exactly. */
	static const double	 p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	    1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
	    1e18, 1e19, 1e20, 1e21, 1e22 };
	const char		*p = s;
	char			*end;
	bool			 digits = false, simple = true, neg = false;
	unsigned long long	 m = 0;
	int			 nd = 0, frac = 0;

	if (s == NULL)
		return false;
	while (isspace((unsigned char)*p))
		p++;
	s = p;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	for (; isdigit((unsigned char)*p); p++, digits = true)
		pts_digit(*p, &m, &nd, &simple);
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++, digits = true, frac++)
			pts_digit(*p, &m, &nd, &simple);
	if (!digits)
		return false;
	if (*p == 'e' || *p == 'E') {
		simple = false;
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '\0')
		return false;
	/*
	 * Fast path (Clinger): with at most 15 significant digits and 22
	 * decimals, mantissa and power of ten are exact doubles, so one
	 * correctly rounded division gives what strtod gives.
	 */
	if (simple && nd <= 15 && frac <= 22) {
		*out = (double)m / p10[frac];
		if (neg)
			*out = -*out;
		return true;
	}
	errno = 0;
	*out = strtod(s, &end);
	return errno != ERANGE;
}

/* Append s (NULL is "") to sb without its leading and trailing space. */
static void
pts_add_stripped(struct strbuf *sb, const char *s, size_t n)
{
	while (n > 0 && g_ascii_isspace(*s)) {
		s++;
		n--;
	}
	while (n > 0 && g_ascii_isspace(s[n - 1]))
		n--;
	strbuf_add(sb, s, n);
}

/*
 * Without copies or printf: the reader hashes every Result, and GLib's
 * checksum object with the strdup and printf calls around it was 3 % of
 * a large import.
 */
char *
pts_hash(const struct test *t)
{
	struct sha1_ctx	 ctx;
	struct strbuf	 sb;
	const char	*src[4], *id, *dot;
	uint8_t		 dig[SHA1_DIGEST_SIZE];
	char		*hex;
	size_t		 i, n;

	src[0] = t->arguments;
	src[1] = t->description;
	src[2] = t->app_version;
	src[3] = t->unit;
	id = t->identifier != NULL && *t->identifier != '\0' ? t->identifier :
	    (t->title ? t->title : "");
	n = strlen(id);
	strbuf_init(&sb);
	pts_add_stripped(&sb, id, n);
	/* Patch versions of a profile compare as the same test. */
	if (t->identifier != NULL && *t->identifier != '\0') {
		for (dot = sb.buf + sb.len; dot > sb.buf && dot[-1] != '.'; dot--)
			;
		if (dot > sb.buf)
			sb.len = (size_t)(dot - 1 - sb.buf);
	}
	for (i = 0; i < 4; i++) {
		strbuf_addc(&sb, ',');
		if (src[i] != NULL)
			pts_add_stripped(&sb, src[i], strlen(src[i]));
	}
	sha1_init(&ctx);
	sha1_update(&ctx, sb.len, (const uint8_t *)sb.buf);
	sha1_digest(&ctx, sizeof(dig), dig);
	strbuf_free(&sb);
	hex = xmalloc(2 * sizeof(dig) + 1);
	for (i = 0; i < sizeof(dig); i++) {
		hex[2 * i] = "0123456789abcdef"[dig[i] >> 4];
		hex[2 * i + 1] = "0123456789abcdef"[dig[i] & 15];
	}
	hex[2 * sizeof(dig)] = '\0';
	return hex;
}
