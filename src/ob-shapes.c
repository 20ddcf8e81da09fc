/* SPDX-License-Identifier: ISC */
/*
 * The knowledge a reader of a PTS systems table brings to the glued text,
 * as tables (see ob-shapes.h). Adding a vendor or an OS is a line here,
 * not a rule in the reader.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ob-shapes.h"

static const char *const ob_shapes_board[] = { "ASUS", "ASRock", "MSI",
	"Gigabyte", "GIGABYTE", "Supermicro", "Dell", "HP", "Lenovo", "Intel",
	"Apple", "Framework", "System76", "Tyan", "TYAN", "Biostar", "EVGA",
	"NZXT", "AMD", "Ampere", "Raspberry", "QEMU", "Google", "Amazon", NULL };
static const char *const ob_shapes_chipset[] = { "AMD", "Intel", "NVIDIA",
	"Apple", "Qualcomm", "Broadcom", "Ampere", "Marvell", NULL };
/*
 * With no GPU found, PTS names the kernel's framebuffer, "<driver>drmfb"
 * for a DRM driver: a virtual machine's ("hyperv_drmdrmfb").
 */
static const char *const ob_shapes_gpu[] = { "NVIDIA", "AMD", "Intel",
	"ASPEED", "Matrox", "llvmpipe", "Apple", "Qualcomm", "VMware", "Red Hat",
	"Microsoft", "XFX", "Sapphire", "EVGA", "Zotac", "ZOTAC",
	"hyperv_drmdrmfb", "bochs-drmdrmfb", "virtio_gpudrmfb",
	"simpledrmdrmfb", "vmwgfxdrmfb", "qxldrmfb", "cirrusdrmfb",
	"vboxvideodrmfb", NULL };
static const char *const ob_shapes_audio[] = { "NVIDIA", "AMD", "Intel",
	"Realtek", "Conexant", "C-Media", "Creative", "Apple", "VIA", NULL };
static const char *const ob_shapes_monitor[] = { "DELL", "Dell", "ASUS",
	"LG", "Samsung", "BenQ", "Acer", "AOC", "HP", "Lenovo", "ViewSonic",
	"Philips", "Sceptre", "MSI", "Gigabyte", "GIGABYTE", "Apple", "Sony",
	"Panasonic", "Vizio", "VIZIO", "Hisense", "Sharp", "Eizo", "EIZO", NULL };
static const char *const ob_shapes_net[] = { "Intel", "Realtek", "Broadcom",
	"Mellanox", "Aquantia", "Marvell", "Qualcomm", "Killer", "Amazon",
	"Red Hat", "Chelsio", "Solarflare", "Emulex", "MediaTek", "Ralink",
	"Atheros", "Qualcomm Atheros", "NVIDIA", "AMD", "Google", NULL };
static const char *const ob_shapes_os[] = { "Ubuntu", "Debian", "Fedora",
	"CentOS", "Red Hat", "RHEL", "openSUSE", "SUSE", "SLES", "Arch Linux",
	"Linux Mint", "Pop", "Clear Linux", "Gentoo", "Rocky Linux",
	"AlmaLinux", "Oracle Linux", "Amazon Linux", "Manjaro", "EndeavourOS",
	"elementary", "Zorin", "Alpine", "Void", "NixOS", "Solus", "CachyOS",
	"FreeBSD", "OpenBSD", "NetBSD", "DragonFly", "macOS", "Mac OS X",
	"Microsoft Windows", "Windows", NULL };
/*
 * Release numbers as PTS prints them: "Ubuntu 23.10", "Debian 12", "Fedora
 * Linux 40", a snapshot's date "openSUSE Tumbleweed 20240701" (an OS name
 * that is another's start comes first).
 */
static const char *const ob_shapes_os_release[] = { "Ubuntu", "##.##",
	"Pop", "##.##", "Linux Mint", "##.#?", "Debian", "#?", "Fedora Linux",
	"##", "Fedora", "#?", "FreeBSD", "##.#", "CentOS Stream", "#?",
	"openSUSE Tumbleweed", "########", NULL };
static const char *const ob_shapes_desktop[] = { "GNOME Shell", "GNOME",
	"KDE Plasma", "KDE", "Xfce", "Cinnamon", "MATE", "LXQt", "LXDE",
	"Unity", "Budgie", "Enlightenment", "Sway", "COSMIC", NULL };
static const char *const ob_shapes_dserver[] = { "X Server", "Wayland",
	"XWayland", "Quartz", NULL };
static const char *const ob_shapes_ddriver[] = { "NVIDIA", "modesetting",
	"amdgpu", "AMDGPU", "intel", "radeon", "nouveau", "vesa", NULL };
static const char *const ob_shapes_compiler[] = { "GCC", "Clang", "LLVM",
	"ICC", "Intel oneAPI", "AMD AOCC", "AOCC", "Apple LLVM", "Apple clang",
	"Zig", NULL };
static const char *const ob_shapes_fs[] = { "ext4", "ext3", "ext2", "xfs",
	"btrfs", "zfs", "f2fs", "bcachefs", "jfs", "reiserfs", "nilfs2", "ntfs",
	"vfat", "exfat", "tmpfs", "overlay", "nfs", "nfs4", "cifs", "apfs",
	"hfs", "ufs", NULL };

/* PTS's fields, in the order it writes them. */
static const struct ob_shape ob_shapes[] = {
	{ "Processor", OBS_PROC, NULL, NULL },
	{ "Motherboard", OBS_LETTER, ob_shapes_board, NULL },
	{ "Chipset", OBS_LETTER, ob_shapes_chipset, NULL },
	{ "Memory", OBS_MEM, NULL, NULL },
	{ "Disk", OBS_DISK, NULL, NULL },
	{ "Graphics", OBS_LETTER, ob_shapes_gpu, NULL },
	{ "Audio", OBS_LETTER, ob_shapes_audio, NULL },
	{ "Monitor", OBS_LETTER, ob_shapes_monitor, NULL },
	{ "Network", OBS_LETTER, ob_shapes_net, NULL },
	{ "OS", OBS_LETTER, ob_shapes_os, ob_shapes_os_release },
	{ "Kernel", OBS_KERNEL, NULL, NULL },
	{ "Desktop", OBS_LETTER, ob_shapes_desktop, NULL },
	{ "Display Server", OBS_LETTER, ob_shapes_dserver, NULL },
	{ "Display Driver", OBS_LETTER, ob_shapes_ddriver, NULL },
	{ "OpenGL", OBS_GL, NULL, NULL },
	{ "OpenCL", OBS_CL, NULL, NULL },
	{ "Vulkan", OBS_VULKAN, NULL, NULL },
	{ "Compiler", OBS_LETTER, ob_shapes_compiler, NULL },
	{ "File-System", OBS_FS, ob_shapes_fs, NULL },
	{ "Screen Resolution", OBS_RES, NULL, NULL },
	{ "System Layer", OBS_FREE, NULL, NULL },
	{ NULL, OBS_FREE, NULL, NULL }
};

/*
 * One word for a reader although a capital sits inside: a cell never
 * starts at "Ge|Force", "San|Disk", "2.5Gb|E", "PC|Ie", "1000M|Hz".
 */
static const char *const ob_shapes_words[] = { "GeForce", "SanDisk",
	"GbE", "PCIe", "NVMe", "MHz", "GHz", "MT/s", "PowerEdge", "ThinkPad",
	"ThinkStation", "ThinkCentre", "ThinkSystem", "ProLiant", "MacBook",
	"IronWolf", "FireCuda", "BarraCuda", "PowerColor", "HyperX",
	"TeamGroup", "GeIL", "DeskMini", "ProArt", "OptiPlex", "EliteBook",
	"PowerVR", "ConnectX", "NetXtreme", "DisplayPort", "GmbH", "LiteOn",
	"FreeBSD", "OpenBSD", "NetBSD", "DragonFly", "AlmaLinux", "CentOS",
	"EndeavourOS", "CachyOS", "NixOS", "XWayland", "RocketLake",
	"Raven/Raven2", "82441FX", "openSUSE", "domU", NULL };

/* Units glued to their number: a cell never starts at "2.5|GbE", "1000|GB". */
static const char *const ob_shapes_units[] = { "GB", "TB", "MB", "KB",
	"GiB", "TiB", "MiB", "GHz", "MHz", "GbE", "Gb", "Gbps", "MT/s", "W",
	"mm", "Hz", "Gen", NULL };

/* The architecture PTS appends to the kernel: "6.7.0-060700-generic (x86_64)". */
static const char *const ob_shapes_arches[] = { "(x86_64)", "(aarch64)",
	"(arm64)", "(armv7l)", "(i686)", "(i386)", "(riscv64)", "(ppc64le)",
	"(ppc64)", "(s390x)", "(amd64)", "(loongarch64)", NULL };

/* A processor's value ends with one of these: "(16 Cores / 32 Threads)". */
static const char *const ob_shapes_cores_end[] = { "Threads)", "Cores)",
	"Core)", NULL };

static size_t	ob_shapes_match(const char *const *list, const char *s,
	    bool (*then)(char));
static bool	ob_shapes_lead_end(char c);
static size_t	ob_shapes_soc(const char *s);
static bool	ob_shapes_no_letter(char c);

/*
 * Length of the first word of list (NULL: none) that s begins with and
 * that is followed by a byte then accepts (NULL: any), or 0.
 */
static size_t
ob_shapes_match(const char *const *list, const char *s, bool (*then)(char))
{
	size_t	k, l;

	for (k = 0; list != NULL && list[k] != NULL; k++) {
		if (s[0] != list[k][0])
			continue;
		l = strlen(list[k]);
		if (strncmp(s, list[k], l) == 0 && (then == NULL || then(s[l])))
			return l;
	}
	return 0;
}

/* A word ends at a space or at the end of the run. */
static bool
ob_shapes_lead_end(char c)
{
	return c == ' ' || c == '\0';
}

static bool
ob_shapes_no_letter(char c)
{
	return !isalpha((unsigned char)c);
}

const struct ob_shape *
ob_shapes_of(const char *label)
{
	size_t	i;

	for (i = 0; ob_shapes[i].label != NULL; i++)
		if (strcmp(ob_shapes[i].label, label) == 0)
			break;
	return &ob_shapes[i];
}

size_t
ob_shapes_label(const char *s)
{
	size_t	i, l, best = 0;

	for (i = 0; ob_shapes[i].label != NULL; i++)
		if ((l = strlen(ob_shapes[i].label)) > best &&
		    strncmp(s, ob_shapes[i].label, l) == 0)
			best = l;
	return best;
}

void
ob_shapes_uncut(const char *s, size_t len, bool *uncut)
{
	size_t		i, l, j;
	unsigned char	a, c;

	memset(uncut, 0, len * sizeof(bool));
	/* A word found where it starts marks its inner positions. */
	for (i = 0; i < len; i++) {
		if ((l = ob_shapes_match(ob_shapes_words, s + i, NULL)) == 0)
			l = ob_shapes_soc(s + i);
		for (j = i + 1; j < i + l && j < len; j++)
			uncut[j] = true;
	}
	/*
	 * Never at a space or after one, after an opening or a joining mark,
	 * before a closing one, nor at a number's dot or unit ("1000|GB").
	 */
	for (i = 1; i < len; i++) {
		a = (unsigned char)s[i - 1];
		c = (unsigned char)s[i];
		if (a == ' ' || c == ' ' || strchr("(-/+,", a) != NULL ||
		    strchr(".-)/,+", c) != NULL || (a == '.' && isdigit(c)) ||
		    (isdigit(a) && ob_shapes_match(ob_shapes_units, s + i,
		    ob_shapes_no_letter) > 0))
			uncut[i] = true;
	}
}

size_t
ob_shapes_lead(const struct ob_shape *shape, const char *s)
{
	size_t	l, k;

	if ((l = ob_shapes_match(shape->lead, s, ob_shapes_lead_end)) > 0)
		return l;
	if ((l = ob_shapes_match(shape->lead, s, NULL)) == 0)
		return 0;
	/* A driver in lower case before an OpenGL version: "nouveau|4.3". */
	if (islower((unsigned char)s[0]) && isdigit((unsigned char)s[l]))
		return l;
	/*
	 * A value that is its lead word alone, glued to the next cell's own
	 * lead word: "ASPEED|Broadcom NetXtreme", never "ASUS|TeK".
	 */
	if (!isupper((unsigned char)s[l]))
		return 0;
	for (k = 0; ob_shapes[k].label != NULL; k++)
		if (ob_shapes_match(ob_shapes[k].lead, s + l,
		    ob_shapes_lead_end) > 0)
			return l;
	return 0;
}

bool
ob_shapes_release_ok(const struct ob_shape *shape, const char *s, size_t len)
{
	const char	*p;
	size_t		 k, l, i;

	for (k = 0; shape->release != NULL && shape->release[k] != NULL;
	    k += 2) {
		l = strlen(shape->release[k]);
		if (l + 1 >= len || strncmp(s, shape->release[k], l) != 0 ||
		    s[l] != ' ')
			continue;
		for (i = l + 1, p = shape->release[k + 1]; *p != '\0'; p++) {
			if (*p == '?') {
				if (i < len && isdigit((unsigned char)s[i]))
					i++;
			} else if (i < len && (*p == '#' ?
			    isdigit((unsigned char)s[i]) : s[i] == *p))
				i++;
			else
				return false;
		}
		return i == len || s[i] == ' ';
	}
	return true;
}

bool
ob_shapes_overrun(const struct ob_shape *shape, const char *s, size_t len)
{
	size_t	k, l;
	bool	over = false;

	for (k = 0; shape->lead != NULL && shape->lead[k] != NULL; k++) {
		l = strlen(shape->lead[k]);
		if (l > len || strncmp(s, shape->lead[k], l) != 0)
			continue;
		/* A known name of its own ("nfs4") is not another ("nfs"). */
		if (l == len)
			return false;
		over |= ob_shapes_digits(s + l) >= len - l;
	}
	return over;
}

size_t
ob_shapes_digits(const char *s)
{
	size_t	n = 0;

	while (n < OB_SHAPES_DIGITS_MAX && isdigit((unsigned char)s[n]))
		n++;
	return n;
}

size_t
ob_shapes_cap(const char *s, bool mem, double *gb)
{
	size_t	n = ob_shapes_digits(s);
	double	unit;

	if (n == 0 || s[0] == '0')
		return 0;
	if (s[n] == '.' && isdigit((unsigned char)s[n + 1]))
		n += 1 + ob_shapes_digits(s + n + 1);
	if (s[n] == ' ' && mem)
		n++;
	unit = s[n] == 'T' ? 1000 : s[n] == 'G' ? 1 : mem && s[n] == 'M' ?
	    0.001 : 0;
	if (unit == 0 || s[n + 1] != 'B')
		return 0;
	if (gb != NULL)
		*gb = strtod(s, NULL) * unit;
	return n + 2;
}

/* The length of a Broadcom SoC's ID at s ("BCM2711"), or 0. */
static size_t
ob_shapes_soc(const char *s)
{
	return strncmp(s, "BCM", 3) == 0 && ob_shapes_digits(s + 3) >= 4 ?
	    7 : 0;
}

bool
ob_shapes_id_before(const char *s, size_t i)
{
	size_t	k, l;

	if (i == 0 || !isdigit((unsigned char)s[i - 1]))
		return false;
	if (i >= 7 && ob_shapes_soc(s + i - 7) > 0)
		return true;
	for (k = 0; ob_shapes_words[k] != NULL; k++) {
		l = strlen(ob_shapes_words[k]);
		if (isdigit((unsigned char)ob_shapes_words[k][l - 1]) &&
		    i >= l && strncmp(s + i - l, ob_shapes_words[k], l) == 0)
			return true;
	}
	return false;
}

size_t
ob_shapes_arch(const char *s)
{
	return ob_shapes_match(ob_shapes_arches, s, NULL);
}

size_t
ob_shapes_cores(const char *s)
{
	return ob_shapes_match(ob_shapes_cores_end, s, NULL);
}

enum ob_shape_setup
ob_shapes_setup(const char *name)
{
	const char		*w = name;
	enum ob_shape_setup	 r = OBS_SETUP_UNKNOWN;
	size_t			 l;

	while (*w != '\0') {
		while (*w == ' ')
			w++;
		l = strcspn(w, " ");
		/* "RAID0", "RAID 10", "raidz2": an array of drives. */
		if (strncasecmp(w, "raid", 4) == 0 && (isdigit((unsigned char)w[4]) ||
		    (w[4] == ' ' && isdigit((unsigned char)w[5])) ||
		    tolower((unsigned char)w[4]) == 'z'))
			return OBS_SETUP_ARRAY;
		if (l == 6 && strncasecmp(w, "single", 6) == 0)
			r = OBS_SETUP_SINGLE;
		w += l;
	}
	return r;
}
