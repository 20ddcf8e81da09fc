/* SPDX-License-Identifier: ISC */
/*
 * Publishing into a directory beside the old review and swapping it in
 * (publish-dir.h). The swap is two renames: the old directory aside, the
 * new one in its place; the instant between them the directory is
 * missing, never mixed.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "publish-dir.h"
#include "strbuf.h"
#include "xalloc.h"

static int	 pd_remove_tree(const char *path);
static int	 pd_listed(const struct str_list *l, const char *name);
static int	 pd_read_manifest(const char *dir, struct str_list *l);
static void	 pd_legacy_manifest(const char *dir, struct str_list *l);
static int	 pd_foreign(const char *dir, const struct str_list *manifest,
		    const char *sub, char **first, size_t *n);

/* rm -r path, without following symbolic links. 0, or -1 with errno. */
static int
pd_remove_tree(const char *path)
{
	struct stat	 st;
	struct dirent	*de;
	DIR		*dir;
	char		*sub;
	int		 rc = 0;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		sub = xasprintf("%s/%s", path, de->d_name);
		if (pd_remove_tree(sub) != 0)
			rc = -1;
		free(sub);
	}
	closedir(dir);
	if (rmdir(path) != 0)
		rc = -1;
	return rc;
}

static int
pd_listed(const struct str_list *l, const char *name)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		if (strcmp(l->items[i], name) == 0)
			return 1;
	return 0;
}

/* The manifest's lines into l; 0, or -1 when there is none. */
static int
pd_read_manifest(const char *dir, struct str_list *l)
{
	char	*path, *line = NULL;
	size_t	 cap = 0;
	ssize_t	 n;
	FILE	*fp;

	path = xasprintf("%s/%s", dir, PUBLISH_DIR_MANIFEST);
	fp = fopen(path, "r");
	free(path);
	if (fp == NULL)
		return -1;
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (*line != '\0' && *line != '#')
			str_list_add(l, line);
	}
	free(line);
	fclose(fp);
	return 0;
}

/*
 * A review written before directories had manifests: when dir's
 * index.html says benchreport generated it, its files are the page, the
 * PDF and the chart files, and l lists them.
 */
static void
pd_legacy_manifest(const char *dir, struct str_list *l)
{
	struct dirent	*de;
	DIR		*dh;
	char		 head[4096], *path;
	size_t		 n, len;
	FILE		*fp;

	path = xasprintf("%s/index.html", dir);
	fp = fopen(path, "r");
	free(path);
	if (fp == NULL)
		return;
	n = fread(head, 1, sizeof(head) - 1, fp);
	fclose(fp);
	head[n] = '\0';
	if (strstr(head, "<meta name=\"generator\" content=\"benchreport ") == NULL)
		return;
	str_list_add(l, "index.html");
	str_list_add(l, "review.pdf");
	path = xasprintf("%s/charts", dir);
	dh = opendir(path);
	free(path);
	while (dh != NULL && (de = readdir(dh)) != NULL) {
		len = strlen(de->d_name);
		if ((len > 4 && strcmp(de->d_name + len - 4, ".svg") == 0) ||
		    (len > 4 && strcmp(de->d_name + len - 4, ".png") == 0)) {
			path = xasprintf("charts/%s", de->d_name);
			str_list_add(l, path);
			free(path);
		}
	}
	if (dh != NULL)
		closedir(dh);
}

/*
 * Count the entries of dir/sub (sub "" for dir itself) the manifest does
 * not list, descending into charts/; *first names the first one found.
 */
static int
pd_foreign(const char *dir, const struct str_list *manifest, const char *sub,
    char **first, size_t *n)
{
	struct dirent	*de;
	DIR		*dh;
	char		*path, *rel;

	path = *sub ? xasprintf("%s/%s", dir, sub) : xstrdup(dir);
	dh = opendir(path);
	free(path);
	if (dh == NULL)
		return -1;
	while ((de = readdir(dh)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    (!*sub && strcmp(de->d_name, PUBLISH_DIR_MANIFEST) == 0))
			continue;
		rel = *sub ? xasprintf("%s/%s", sub, de->d_name) :
		    xstrdup(de->d_name);
		if (!*sub && strcmp(rel, "charts") == 0 && manifest->len > 0)
			(void)pd_foreign(dir, manifest, "charts", first, n);
		else if (!pd_listed(manifest, rel)) {
			if (*first == NULL)
				*first = xstrdup(rel);
			(*n)++;
		}
		free(rel);
	}
	closedir(dh);
	return 0;
}

int
publish_dir_begin(struct publish_dir *pd, const char *outdir, bool force,
    struct diag *d)
{
	struct str_list	 manifest = { 0 };
	struct stat	 st;
	const char	*base;
	char		*first = NULL, *parent, *real = NULL;
	size_t		 nforeign = 0, len;
	mode_t		 mask;

	memset(pd, 0, sizeof(*pd));
	len = strlen(outdir);
	while (len > 1 && outdir[len - 1] == '/')
		len--;
	pd->final = xstrndup(outdir, len);
	/* Replacing it would follow a link someone else may have planted. */
	if (lstat(pd->final, &st) == 0 && S_ISLNK(st.st_mode)) {
		diag_set(d, pd->final, 0, "is a symbolic link: not followed, "
		    "even with --force (name the directory it points to)");
		goto fail;
	}
	if (stat(pd->final, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			diag_set(d, pd->final, 0, "cannot publish here: exists and "
			    "is not a directory");
			goto fail;
		}
		if (pd_read_manifest(pd->final, &manifest) != 0)
			pd_legacy_manifest(pd->final, &manifest);
		if (pd_foreign(pd->final, &manifest, "", &first, &nforeign) != 0) {
			diag_set(d, pd->final, 0, "cannot read directory: %s",
			    strerror(errno));
			goto fail;
		}
		if (nforeign > 0 && !force) {
			diag_set(d, pd->final, 0, "holds %zu file%s benchreport did "
			    "not write (%s); publish into another directory, or "
			    "add --force to replace it whole", nforeign,
			    nforeign == 1 ? "" : "s", first);
			goto fail;
		}
		pd->replace = true;
		/* "." and ".." cannot be renamed: use the name they stand for. */
		base = strrchr(pd->final, '/');
		base = base != NULL ? base + 1 : pd->final;
		if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
			if ((real = realpath(pd->final, NULL)) == NULL ||
			    strcmp(real, "/") == 0) {
				diag_set(d, pd->final, 0, "cannot publish into this "
				    "directory: name it by another path");
				goto fail;
			}
			free(pd->final);
			pd->final = xstrdup(real);
		}
	} else if (errno != ENOENT) {
		diag_set(d, pd->final, 0, "cannot publish here: %s", strerror(errno));
		goto fail;
	}
	base = strrchr(pd->final, '/');
	parent = base != NULL ? xstrndup(pd->final, (size_t)(base - pd->final)) :
	    xstrdup(".");
	if (base != NULL && base == pd->final) {
		free(parent);
		parent = xstrdup("/");
	}
	base = base != NULL ? base + 1 : pd->final;
	pd->work = xasprintf("%s/.%s.XXXXXX", parent, base);
	free(parent);
	if (mkdtemp(pd->work) == NULL) {
		diag_set(d, pd->final, 0, "cannot create a directory beside it: %s",
		    strerror(errno));
		free(pd->work);
		pd->work = NULL;
		goto fail;
	}
	/* mkdtemp makes it private; a review is as readable as any file. */
	mask = umask(0);
	umask(mask);
	(void)chmod(pd->work, 0777 & ~mask);
	free(first);
	free(real);
	str_list_free(&manifest);
	return 0;
fail:
	free(first);
	free(real);
	str_list_free(&manifest);
	publish_dir_end(pd);
	return -1;
}

int
publish_dir_commit(struct publish_dir *pd, struct str_list *files,
    struct diag *d)
{
	struct strbuf	 sb;
	char		*path, *old = NULL, *fin;
	size_t		 i, wlen = strlen(pd->work);
	FILE		*fp;
	int		 rc = -1;

	strbuf_init(&sb);
	strbuf_adds(&sb, "# Files benchreport publish wrote here; publishing "
	    "again replaces them all.\n");
	for (i = 0; i < files->len; i++)
		if (strncmp(files->items[i], pd->work, wlen) == 0 &&
		    files->items[i][wlen] == '/')
			strbuf_printf(&sb, "%s\n", files->items[i] + wlen + 1);
	path = xasprintf("%s/%s", pd->work, PUBLISH_DIR_MANIFEST);
	if ((fp = fopen(path, "w")) == NULL ||
	    fwrite(sb.buf, 1, sb.len, fp) != sb.len || fclose(fp) != 0) {
		diag_set(d, path, 0, "cannot write: %s", strerror(errno));
		goto out;
	}
	if (pd->replace) {
		old = xasprintf("%s.old", pd->work);
		if (rename(pd->final, old) != 0) {
			diag_set(d, pd->final, 0, "cannot move the old review "
			    "aside: %s", strerror(errno));
			goto out;
		}
	}
	if (rename(pd->work, pd->final) != 0) {
		diag_set(d, pd->final, 0, "cannot put the new review in place: %s",
		    strerror(errno));
		if (old != NULL)
			(void)rename(old, pd->final);
		goto out;
	}
	for (i = 0; i < files->len; i++)
		if (strncmp(files->items[i], pd->work, wlen) == 0 &&
		    files->items[i][wlen] == '/') {
			fin = xasprintf("%s%s", pd->final, files->items[i] + wlen);
			free(files->items[i]);
			files->items[i] = fin;
		}
	free(pd->work);
	pd->work = NULL;
	if (old != NULL)
		(void)pd_remove_tree(old);
	rc = 0;
out:
	free(path);
	free(old);
	strbuf_free(&sb);
	return rc;
}

void
publish_dir_end(struct publish_dir *pd)
{
	if (pd->work != NULL)
		(void)pd_remove_tree(pd->work);
	free(pd->work);
	free(pd->final);
	memset(pd, 0, sizeof(*pd));
}
