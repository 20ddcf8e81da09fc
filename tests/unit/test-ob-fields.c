/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for giving a flattened systems table's glued cells to systems:
 * what the value shapes pin, what they leave open, and that a long or
 * hostile run is bounded; and the Disk and Processor rows as evidence for
 * the names: which cells are found, which names agree with them.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-fields.h"
#include "ob-shapes.h"
#include "tap.h"
#include "xalloc.h"

static const char *const labels[] = { "Processor", "Chipset", "Memory",
	"Disk", "OS", "Kernel", "Screen Resolution" };
#define NL	(sizeof(labels) / sizeof(labels[0]))

/* The steps each split may take: a document's, or fewer where said. */
#define STEPS	20000000UL
static unsigned long	left = STEPS;

static const char *field(const struct ob_fields *f, size_t sys, size_t l);
static void	shapes(void);
static void	shaped_tables(void);
static bool	uncut_at(const char *s, size_t i);
static bool	agree(const char *cells, const char **names, size_t n);
static void	rows(void);
static void	one_rule(void);

static const char *
field(const struct ob_fields *f, size_t sys, size_t l)
{
	const char	*v = f->value[sys * f->nlabels + l];

	return v != NULL ? v : "(open)";
}

/* ob_shapes_uncut's answer for one position of s. */
static bool
uncut_at(const char *s, size_t i)
{
	bool	uncut[64] = { false };

	ob_shapes_uncut(s, strlen(s), uncut);
	return uncut[i];
}

/* Do the names agree with the Disk row of cells? */
static bool
agree(const char *cells, const char **names, size_t n)
{
	struct ob_fields_row	row;
	struct ob_names		nm = { (char **)names, n };
	bool			r;

	ob_fields_disk_row(cells, &row);
	r = ob_fields_agree(&row, &nm);
	ob_fields_row_free(&row);
	return r;
}

/* The Disk and Processor rows: which cells, which names agree. */
static void
rows(void)
{
	struct ob_fields_row	 row;
	const char		*run = "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 "
	    "Threads)2 x 16GB DDR5 Kit32GB2000GB ACME A1 PRODebian bookworm"
	    "1024GB ZETA Z9X024 + 128GB USB 3.2Gen14000GB XT4000T900X2";
	const char		*good[] = { "Acme A1 Pro 2TB", "Zeta Z9 1TB",
	    "Tern T900 4TB" };
	const char		*nocap[] = { "Acme A1 Pro", "Zeta Z9 1TB",
	    "Tern T900 4TB" };
	const char		*glued[] = { "Acme A1 Pro 2TBZeta", "Z9 1TB",
	    "Tern T900 4TB" };
	const char		*wrongcap[] = { "Acme A1 Pro 2TB", "Zeta Z9 2TB",
	    "Tern T900 4TB" };
	const char		*noword[] = { "Acme A1 Pro 2TB", "Other 1TB",
	    "Tern T900 4TB" };
	const char		*procs = "Intel Core i9-13900K @ 5.80GHz (24 "
	    "Cores / 32 Threads)Board X (1 BIOS)3840x2160AMD Ryzen 9 7950X3D "
	    "16-Core @ 5.76GHz (16 Cores / 32 Threads)";
	const char		*cpus[] = { "Core i9 13900K", "Ryzen 9 7950X3D" };
	const char		*across[] = { "Core i9 13900KRyzen", "9 7950X3D" };
	struct ob_names		 nm = { (char **)cpus, 2 };
	struct ob_names		 ng = { (char **)across, 2 };

	ob_fields_disk_row(run, &row);
	/* "2 x 16GB DDR5", "2000GB ACME", "1024GB ZETA", "(1)4000GB XT". */
	is_int(row.len, 4, "four capacity-headed cells; \"+ 128GB\" and \"Kit32GB2\" are not heads");
	if (row.len == 4) {
		is_double(row.cell[0].cap[1], 32, 1e-9, "\"2 x 16GB\": 32 GB in all");
		ok(strncmp(run + row.cell[1].start, "2000GB ACME", 11) == 0,
		    "the Disk cell glued after \"32GB\" starts at 2000GB");
		is_double(row.cell[3].cap[0], 14000, 1e-9,
		    "glued to \"Gen1\": 14000 GB is one reading");
		is_double(row.cell[3].cap[1], 4000, 1e-9, "4000 GB the other");
	}
	ob_fields_row_free(&row);
	ok(agree(run, good, 3), "names with the cells' words and capacities agree");
	ok(!agree(run, nocap, 3), "a name without a capacity does not");
	ok(!agree(run, glued, 3), "nor one whose capacity is glued to the next word");
	ok(!agree(run, wrongcap, 3), "nor one with another capacity");
	ok(!agree(run, noword, 3), "nor one sharing no word with its cell");
	ok(agree(run, good + 1, 2), "two names: the last two cells");
	ok(!agree("no capacity here", good, 3), "no cells: nothing agrees");

	/* The Processor row: every word of a name in its cell. */
	ob_fields_proc_row(procs, &row);
	is_int(row.len, 2, "two processor cells, each ending at Threads)");
	ok(ob_fields_agree(&row, &nm), "CPU names agree with them");
	ok(!ob_fields_agree(&row, &ng), "a name glued across two does not");
	ob_fields_row_free(&row);
}

/* The shape table itself: what it knows, and what it does not. */
static void
shapes(void)
{
	const struct ob_shape	*fs = ob_shapes_of("File-System");

	ok(ob_shapes_of("OS")->kind == OBS_LETTER &&
	    ob_shapes_of("Screen Resolution")->kind == OBS_RES &&
	    ob_shapes_of("Disk")->kind == OBS_DISK, "labels have their shapes");
	ok(ob_shapes_of("Turbo Boost")->label == NULL &&
	    ob_shapes_of("Turbo Boost")->kind == OBS_FREE,
	    "an unknown label is any text");
	is_int((int)ob_shapes_lead(ob_shapes_of("Monitor"), "ASUS VP28U"), 4,
	    "a Monitor starts with a known vendor");
	is_int((int)ob_shapes_lead(ob_shapes_of("Monitor"), "ASUSTeK VP28U"), 0,
	    "  only as a whole word");
	is_int((int)ob_shapes_lead(ob_shapes_of("Kernel"), "ASUS VP28U"), 0,
	    "  and not for another field");
	ok(uncut_at("NVIDIA GeForce RTX", 9) &&
	    uncut_at("123GB SanDisk", 9), "brand words are not cut");
	ok(uncut_at("RTL8125 2.5GbE", 11) && uncut_at("+ 1000GB", 6),
	    "units stay with their number");
	ok(!uncut_at("HD AudioDELL", 8) && !uncut_at("8GB", 0),
	    "a plain word join may be cut");
	ok(ob_shapes_overrun(fs, "btrfs3", 6) && ob_shapes_overrun(fs, "ext43", 5),
	    "a known file system with digits glued after it overruns");
	ok(!ob_shapes_overrun(fs, "btrfs", 5) && !ob_shapes_overrun(fs, "f2fs", 4) &&
	    !ob_shapes_overrun(fs, "hammer2", 7), "  a known or unknown name alone does not");
	ok(!ob_shapes_overrun(fs, "nfs4", 4) && ob_shapes_overrun(fs, "nfs43", 5),
	    "  nor a known name that starts with another (nfs4 after nfs)");
	ok(ob_shapes_cores("Threads)ASUS") == 8 && ob_shapes_cores("Core)") == 5 &&
	    ob_shapes_cores("Cores") == 0 && ob_shapes_arch("(x86_64)6") == 8 &&
	    ob_shapes_arch("(x86)") == 0,
	    "a processor's last words, a kernel's architecture");
	ok(ob_shapes_setup("RAID0") == OBS_SETUP_ARRAY &&
	    ob_shapes_setup("mdadm RAID 10") == OBS_SETUP_ARRAY &&
	    ob_shapes_setup("ZFS raidz2") == OBS_SETUP_ARRAY,
	    "RAID names state an array");
	ok(ob_shapes_setup("Single") == OBS_SETUP_SINGLE &&
	    ob_shapes_setup("Raider 5") == OBS_SETUP_UNKNOWN &&
	    ob_shapes_setup("Mirror") == OBS_SETUP_UNKNOWN,
	    "\"Single\" states one drive; other names state nothing");
}

/* Tables the shapes settle, and one they cannot. */
static void
shaped_tables(void)
{
	static const char *const hw[] = { "Audio", "Monitor", "Network", "OS" };
	static const char *const sw[] = { "Kernel", "OpenGL" };
	static const char *const net[] = { "Network" };
	static const char *const dk[] = { "Disk", "OS" };
	static const bool own[] = { false, true, false };
	struct ob_fields_evidence ev = { NULL, own };
	struct ob_fields	 f;
	const char		*raid = "1000GB WD A1 + 1000GB WD B2Ubuntu 20.04"
	    "2 x 1000GB WD B2 + 1000GB WD A1";

	/* No word join at "ab28ASUS" or "00AFY0AMD": a PCI ID, a vendor. */
	ob_fields_split("AMD Device ab28ASUS VP28URealtek RTL8125 2.5GbE + Intel "
	    "I211Ubuntu 20.04", hw, 4, 1, NULL, &f, &left);
	ok(f.readings == 1 && strcmp(field(&f, 0, 0), "AMD Device ab28") == 0 &&
	    strcmp(field(&f, 0, 1), "ASUS VP28U") == 0 &&
	    strcmp(field(&f, 0, 2), "Realtek RTL8125 2.5GbE + Intel I211") == 0 &&
	    strcmp(field(&f, 0, 3), "Ubuntu 20.04") == 0,
	    "Audio, Monitor, Network, OS: one reading (not \"2.5\" + \"GbE ...\")");
	ob_fields_free(&f);

	ob_fields_split("6.11.0-061100-generic (x86_64)", net, 1, 1, NULL, &f, &left);
	ok(f.readings == 0 && f.value[0] == NULL,
	    "a kernel version is no Network value: no reading");
	ob_fields_free(&f);

	/* One kernel per cell; an OpenGL version is a word of its own. */
	ob_fields_split("6.1.0-1-generic (x86_64)4.6 Mesa 23.2.16.10.0-2-generic "
	    "(x86_64)6.12.0-rc1-phx (x86_64)", sw, 2, 3, NULL, &f, &left);
	ok(f.readings == 1 && strcmp(field(&f, 1, 0), "6.10.0-2-generic (x86_64)") == 0 &&
	    strcmp(field(&f, 2, 0), "6.12.0-rc1-phx (x86_64)") == 0 &&
	    strcmp(field(&f, 2, 1), "4.6 Mesa 23.2.1") == 0,
	    "later Kernel cells, each its system's");
	ob_fields_free(&f);

	/* One later Disk cell for two later systems: whose? */
	ob_fields_split(raid, dk, 2, 3, NULL, &f, &left);
	ok(f.readings == 2 && strcmp(field(&f, 1, 0), "(open)") == 0 &&
	    strcmp(field(&f, 2, 0), "(open)") == 0 &&
	    strcmp(field(&f, 2, 1), "Ubuntu 20.04") == 0,
	    "a later Disk cell the names say nothing of: left open (printed or inherited)");
	ob_fields_free(&f);
	ob_fields_split(raid, dk, 2, 3, &ev, &f, &left);
	ok(f.readings == 1 &&
	    strcmp(field(&f, 1, 0), "2 x 1000GB WD B2 + 1000GB WD A1") == 0 &&
	    strcmp(field(&f, 2, 0), "2 x 1000GB WD B2 + 1000GB WD A1") == 0 &&
	    strcmp(field(&f, 0, 0), "1000GB WD A1 + 1000GB WD B2") == 0,
	    "a name stating another drive setup prints its own Disk: shared by the next");
	ob_fields_free(&f);
}

/*
 * Runs each settled by one rule of ob-fields.c alone: without it they read
 * another way, several ways or none.
 */
/*
 * One rule of ob-fields.c each: a cells run, its labels, the systems, how
 * many readings it has and the fields every reading agrees on.
 */
struct rule_case {
	const char	*what, *run;
	const char	*labels[4];
	size_t		 nsys;
	double		 readings;
	struct {
		size_t		 sys, label;
		const char	*value;
	}		 want[3];
};

static const struct rule_case rule_cases[] = {
	/*
	 * A name in capitals after a number of four or more digits that
	 * follows a space ("4090|PHL"): no lead word, no other join.
	 */
	{ "a capital name after a four-digit model starts a cell",
	    "NVIDIA GeForce RTX 4090PHL 276E8VIntel I225-V",
	    { "Graphics", "Monitor", "Network" }, 1, 1, {
	    { 0, 0, "NVIDIA GeForce RTX 4090" },
	    { 0, 1, "PHL 276E8V" },
	} },
	/* A capital then lower case after a model ("ALC897|Odyssey"). */
	{ "a capitalised word after a model starts a cell",
	    "Realtek ALC897Odyssey G95NCIntel I225-V",
	    { "Audio", "Monitor", "Network" }, 1, 1, {
	    { 0, 0, "Realtek ALC897" },
	    { 0, 1, "Odyssey G95NC" },
	} },
	/* A size unit, then a name in capitals no lead word begins. */
	{ "a capital name after \"24GB\" starts a cell",
	    "AMD Radeon RX 7900 XTX 24GBXB271HUIntel I225-V",
	    { "Graphics", "Monitor", "Network" }, 1, 1, {
	    { 0, 0, "AMD Radeon RX 7900 XTX 24GB" },
	    { 0, 1, "XB271HU" },
	} },
	/* A PCI ID ending in digits, then capitals ("Device ab28|XB271HU"). */
	{ "a capital name after a PCI ID starts a cell",
	    "AMD Device ab28XB271HUIntel I225-V",
	    { "Audio", "Monitor", "Network" }, 1, 1, {
	    { 0, 0, "AMD Device ab28" },
	    { 0, 1, "XB271HU" },
	} },
	/*
	 * "I225-V|MX Linux": two capitals glued, neither a lead word, so no
	 * reading until any capital after a capital may start a cell. The
	 * OS ("MX Linux 21.1", or "X Linux 21.1" after "I225-VM") is left
	 * open, but the Kernel is pinned.
	 */
	{ "capitals glued to capitals part when nothing else reads",
	    "Intel I225-VMX Linux 21.15.10.0-18-amd64 (x86_64)",
	    { "Network", "OS", "Kernel" }, 1, 2, {
	    { 0, 2, "5.10.0-18-amd64 (x86_64)" },
	} },
	/*
	 * A kernel is X.Y.Z-N: not "4.0-427..." after "AlmaLinux 9.45.1",
	 * only "5.14.0-427..." after "AlmaLinux 9.4".
	 */
	{ "a kernel X.Y-N is cut, X.Y.Z-N is not",
	    "AlmaLinux 9.45.14.0-427.13.1.el9_4.x86_64 (x86_64)",
	    { "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "AlmaLinux 9.4" },
	    { 0, 1, "5.14.0-427.13.1.el9_4.x86_64 (x86_64)" },
	} },
	/*
	 * The first Graphics cell stops before the next system's Disk head
	 * glued to it ("24GB|1000GB Crucial"), so it cannot hold that Disk
	 * cell and leave the second system's Disk unprinted.
	 */
	{ "no cell holds a Disk head glued to it",
	    "2000GB Samsung SSD 990 PRONVIDIA GeForce RTX 4090 "
	    "24GB1000GB Crucial P3",
	    { "Disk", "Graphics" }, 2, 1, {
	    { 0, 1, "NVIDIA GeForce RTX 4090 24GB" },
	    { 1, 0, "1000GB Crucial P3" },
	} },
	/*
	 * A kernel holds no capital: printed without its architecture it
	 * ends before "GNOME", and cannot take the Desktop and the second
	 * kernel too (the Desktop cells themselves read three ways).
	 */
	{ "a kernel cell ends before a capital",
	    "6.8.0-31-genericGNOME Shell 46.06.9.0-rc2-genericKDE "
	    "Plasma 6.0.4",
	    { "Kernel", "Desktop" }, 2, 2, {
	    { 0, 0, "6.8.0-31-generic" },
	} },
	/* Except in a tag after a dash: FreeBSD's "14.0-RELEASE". */
	{ "a BSD kernel holds its branch in capitals",
	    "FreeBSD 14.014.0-RELEASE (amd64)Clang 16.0.6",
	    { "OS", "Kernel", "Compiler" }, 1, 1, {
	    { 0, 0, "FreeBSD 14.0" },
	    { 0, 1, "14.0-RELEASE (amd64)" },
	    { 0, 2, "Clang 16.0.6" },
	} },
	/* Windows: the NT version, a build of five digits and a revision. */
	{ "a Windows kernel is its NT version and build",
	    "Microsoft Windows 11 Pro Build 2263110.0.22631.2715 "
	    "(x86_64)Microsoft Visual C++ 2022",
	    { "OS", "Kernel", "Compiler" }, 1, 1, {
	    { 0, 0, "Microsoft Windows 11 Pro Build 22631" },
	    { 0, 1, "10.0.22631.2715 (x86_64)" },
	} },
	/* WSL's kernel: four numbers, then "-microsoft", and a tag "-WSL2". */
	{ "a WSL kernel is read whole",
	    "Ubuntu 22.045.15.153.1-microsoft-standard-WSL2 "
	    "(x86_64)GCC 11.4.0",
	    { "OS", "Kernel", "Compiler" }, 1, 1, {
	    { 0, 0, "Ubuntu 22.04" },
	    { 0, 1, "5.15.153.1-microsoft-standard-WSL2 (x86_64)" },
	} },
	/* "Fedora Linux" is followed by its release as "Fedora" is. */
	{ "Fedora Linux states its release",
	    "Fedora Linux 406.8.9-300.fc40.x86_64 (x86_64)GCC 14.1.1",
	    { "OS", "Kernel", "Compiler" }, 1, 1, {
	    { 0, 0, "Fedora Linux 40" },
	} },
	/* A Tumbleweed snapshot is a date: not "2024070" + "16.9.7". */
	{ "a Tumbleweed snapshot is an eight-digit date",
	    "openSUSE Tumbleweed 202407016.9.7-1-default (x86_64)GCC "
	    "13.3.0",
	    { "OS", "Kernel", "Compiler" }, 1, 1, {
	    { 0, 0, "openSUSE Tumbleweed 20240701" },
	    { 0, 1, "6.9.7-1-default (x86_64)" },
	} },
	/* A PCI ID has four hex digits: "Device 14a4|24 x 64GB". */
	{ "a PCI ID ends after four hex digits",
	    "AMD Device 14a424 x 64GB DDR5-4800MT/s Samsung "
	    "M321R8GA0BB0-CQKET",
	    { "Chipset", "Memory" }, 1, 1, {
	    { 0, 0, "AMD Device 14a4" },
	    { 0, 1, "24 x 64GB DDR5-4800MT/s Samsung M321R8GA0BB0-CQKET" },
	} },
	/* A lead word that is the whole value, a capital glued after it. */
	{ "a lead word may end at a glued capital",
	    "2 x 3841GB SAMSUNG MZQL23T8HCLS-00A07ASPEEDBroadcom "
	    "NetXtreme BCM5720 PCIe",
	    { "Disk", "Graphics", "Network" }, 1, 1, {
	    { 0, 1, "ASPEED" },
	} },
	/* A Vulkan API version is 1.x: not "12.4.13" + "11.3.277". */
	{ "a Vulkan version starts at 1.",
	    "OpenCL 3.0 CUDA 12.4.1311.3.277",
	    { "OpenCL", "Vulkan" }, 1, 1, {
	    { 0, 1, "1.3.277" },
	} },
	/*
	 * A lower-case lead word after a size ("24GB|amdgpu"); never a cut
	 * inside the size's unit ("24G|Bamdgpu").
	 */
	{ "a driver in lower case after a size",
	    "AMD Radeon RX 7900 XTX 24GBamdgpu 23.0.04.6 Mesa 24.0.9 "
	    "(LLVM 17.0.6 DRM 3.57)",
	    { "Graphics", "Display Driver", "OpenGL" }, 1, 1, {
	    { 0, 0, "AMD Radeon RX 7900 XTX 24GB" },
	    { 0, 1, "amdgpu 23.0.0" },
	} },
	/* A model may end in "G": "SC64G|Broadcom" is no size's unit. */
	{ "a model ending in G before a vendor",
	    "64GB SC64GBroadcom BCM2712",
	    { "Disk", "Chipset" }, 1, 1, {
	    { 0, 0, "64GB SC64G" },
	} },
	/* A bare memory size after a version's last part: "Rev 1.0|8GB". */
	{ "a memory size after a version",
	    "Raspberry Pi 5 Model B Rev 1.08GB",
	    { "Motherboard", "Memory" }, 1, 1, {
	    { 0, 0, "Raspberry Pi 5 Model B Rev 1.0" },
	    { 0, 1, "8GB" },
	} },
	/*
	 * A cloud instance: a PCI ID ends in digits and the memory size
	 * follows it ("0200|128GB"); the drive's size is whole after the
	 * memory's unit ("128GB|215GB", not "128GB2|15GB").
	 */
	{ "sizes after a PCI ID and after a size",
	    "Amazon Device 0200128GB215GB Amazon Elastic Block Store",
	    { "Chipset", "Memory", "Disk" }, 1, 1, {
	    { 0, 0, "Amazon Device 0200" },
	    { 0, 1, "128GB" },
	    { 0, 2, "215GB Amazon Elastic Block Store" },
	} },
	/*
	 * A Raspberry Pi 4's motherboard is its SoC, four digits, then the
	 * memory: "BCM2711|4096MB", never "BCM" and 27114096MB.
	 */
	{ "a SoC's ID before a memory size",
	    "BCM27114096MB",
	    { "Motherboard", "Memory" }, 1, 1, {
	    { 0, 0, "BCM2711" },
	    { 0, 1, "4096MB" },
	} },
	/*
	 * "llvmpipe" may follow a model's last capital, and a value does not
	 * begin with one capital glued to it: "SN64G|llvmpipe", never
	 * "SN64|Gllvmpipe"; "QEMU HDD|bochs-drmdrmfb", never "HD|Dbochs".
	 */
	{ "a lower-case lead word after a model's last capital",
	    "64GB SN64Gllvmpipe",
	    { "Disk", "Graphics" }, 1, 1, {
	    { 0, 0, "64GB SN64G" },
	    { 0, 1, "llvmpipe" },
	} },
	{ "one capital glued to an OS name ends the cell before",
	    "2 x Intel 82574LCentOS Stream 9",
	    { "Network", "OS" }, 1, 1, {
	    { 0, 0, "2 x Intel 82574L" },
	    { 0, 1, "CentOS Stream 9" },
	} },
	{ "a framebuffer's name after a word in capitals",
	    "107GB QEMU HDDbochs-drmdrmfb",
	    { "Disk", "Graphics" }, 1, 1, {
	    { 0, 0, "107GB QEMU HDD" },
	    { 0, 1, "bochs-drmdrmfb" },
	} },
	/*
	 * A lower-case lead word of eight letters or more ends no word: a
	 * virtual machine's framebuffer, or "modesetting" after an X server
	 * named from a log line.
	 */
	{ "a framebuffer's name glued to a word",
	    "161GB Virtual Diskhyperv_drmdrmfb",
	    { "Disk", "Graphics" }, 1, 1, {
	    { 0, 0, "161GB Virtual Disk" },
	    { 0, 1, "hyperv_drmdrmfb" },
	} },
	{ "a long lower-case lead word glued to a word",
	    "X Server plymouth.ignore-serial-consolesmodesetting 1.20.4",
	    { "Display Server", "Display Driver" }, 1, 1, {
	    { 0, 1, "modesetting 1.20.4" },
	} },
	/* A cloud instance's drive may be its size alone. */
	{ "a drive that is its size alone",
	    "16GB49GBRed Hat Virtio device",
	    { "Memory", "Disk", "Network" }, 1, 1, {
	    { 0, 0, "16GB" },
	    { 0, 1, "49GB" },
	    { 0, 2, "Red Hat Virtio device" },
	} },
	/* What follows a file system's name may be in capitals. */
	{ "a value in capitals after a file system",
	    "GCC 7.3.0ext4KVM",
	    { "Compiler", "File-System", "System Layer" }, 1, 1, {
	    { 0, 1, "ext4" },
	    { 0, 2, "KVM" },
	} },
	/* A brand word ending in a digit ends there: "Raven/Raven2|14336MB". */
	{ "a chipset named with a digit before a memory size",
	    "AMD Raven/Raven214336MB",
	    { "Chipset", "Memory" }, 1, 1, {
	    { 0, 0, "AMD Raven/Raven2" },
	    { 0, 1, "14336MB" },
	} },
	/* But such a word goes on where a mark follows: "Raven2/Fenghuang". */
	{ "a brand word ending in a digit inside a cell",
	    "AMD Raven/Raven2/FenghuangRealtek RTL8111/8168/8411",
	    { "Audio", "Network" }, 1, 1, {
	    { 0, 0, "AMD Raven/Raven2/Fenghuang" },
	} },
	/*
	 * A virtual machine's chipset, Intel's 82441FX, is one word: no name
	 * in capitals starts after its digits ("82441|FX PMC").
	 */
	{ "a virtual machine's chipset",
	    "Xen HVM domUIntel 440FX- 82441FX PMC",
	    { "Motherboard", "Chipset" }, 1, 1, {
	    { 0, 0, "Xen HVM domU" },
	    { 0, 1, "Intel 440FX- 82441FX PMC" },
	} },
	/* A lead word in capitals glued to a model ends it: "K5000|Realtek". */
	{ "no cell runs over a glued lead word",
	    "NVIDIA Quadro K5000Realtek ALC262Intel 82579LM + Intel 82574L",
	    { "Graphics", "Audio", "Network" }, 1, 1, {
	    { 0, 0, "NVIDIA Quadro K5000" },
	    { 0, 1, "Realtek ALC262" },
	    { 0, 2, "Intel 82579LM + Intel 82574L" },
	} },
	/* Modules PTS found no size of still make a memory cell. */
	{ "memory modules of no size",
	    "HP 158A (J61 v03.69 BIOS)8 x GB DDR3-1600MT/s HMT41GR7AFR4A-PB",
	    { "Motherboard", "Memory" }, 1, 1, {
	    { 0, 1, "8 x GB DDR3-1600MT/s HMT41GR7AFR4A-PB" },
	} },
	/* A drive's bare size is not cut from digits: "QEMU|49GB". */
	{ "a bare drive size whole after a word's digits",
	    "1 x 6676 MB RAM QEMU49GBRed Hat Virtio device",
	    { "Memory", "Disk", "Network" }, 1, 1, {
	    { 0, 0, "1 x 6676 MB RAM QEMU" },
	    { 0, 1, "49GB" },
	} },
	/* A lower-case driver glued to the OpenGL version after it. */
	{ "a driver in lower case before a version",
	    "X Server 1.20.11nouveau4.3 Mesa 20.3.5",
	    { "Display Server", "Display Driver", "OpenGL" }, 1, 1, {
	    { 0, 1, "nouveau" },
	    { 0, 2, "4.3 Mesa 20.3.5" },
	} },
	/* A Raspberry Pi's drive, OS and kernel. */
	{ "a Raspberry Pi's drive, OS and kernel",
	    "64GB SN64GRaspbian 105.4.74-v7l+ (armv7l)",
	    { "Disk", "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "64GB SN64G" },
	    { 0, 1, "Raspbian 10" },
	} },
	/* A count of devices (at most 64) glued to a model's digits. */
	{ "a count after a model's digits",
	    "Realtek ALC8982 x Intel 82574L",
	    { "Audio", "Network" }, 1, 1, {
	    { 0, 0, "Realtek ALC898" },
	    { 0, 1, "2 x Intel 82574L" },
	} },
	/* "Fedora Linux" is Fedora 35 or later: "41|6.17.0", not "4|16.17.0". */
	{ "Fedora Linux's release has two digits",
	    "Fedora Linux 416.17.0 (x86_64)",
	    { "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "Fedora Linux 41" },
	    { 0, 1, "6.17.0 (x86_64)" },
	} },
	/* Darwin's kernel on Apple silicon: "(arm64)", a major of 10 or more. */
	{ "a Mac's kernel",
	    "macOS 14.123.1.0 (arm64)",
	    { "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "macOS 14.1" },
	    { 0, 1, "23.1.0 (arm64)" },
	} },
	/* An Intel Mac's too: "(x86_64)" is Linux's as well. */
	{ "an Intel Mac's kernel",
	    "macOS 14.123.1.0 (x86_64)",
	    { "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "macOS 14.1" },
	    { 0, 1, "23.1.0 (x86_64)" },
	} },
	{ "an older Intel Mac's kernel",
	    "Mac OS X 10.15.719.6.0 (x86_64)",
	    { "OS", "Kernel" }, 1, 1, {
	    { 0, 0, "Mac OS X 10.15.7" },
	    { 0, 1, "19.6.0 (x86_64)" },
	} },
	/* Xen's "domU" is one word: "Xen HVM dom|U 4.2.amazon" is none. */
	{ "a Xen guest's domU is one word",
	    "Xen HVM domU 4.2.amazon",
	    { "System Layer" }, 2, 1, {
	    { 1, 0, "Xen HVM domU 4.2.amazon" },
	} },
};

static void
one_rule(void)
{
	static const char *const gm[] = { "Graphics", "Monitor" };
	static const char *const gg[] = { "Graphics", "OpenGL" };
	struct ob_fields	 f;
	const char		*mesa = "4.6 Mesa 24.2.0-devel (LLVM 18.1.8 DRM "
	    "3.59 6.12.0-rc1-phx)";
	char			*run;
	size_t			 i, w, nl;
	bool			 same;

	for (i = 0; i < sizeof(rule_cases) / sizeof(rule_cases[0]); i++) {
		const struct rule_case	*c = &rule_cases[i];

		for (nl = 0; nl < 4 && c->labels[nl] != NULL; nl++)
			;
		ob_fields_split(c->run, c->labels, nl, c->nsys, NULL, &f, &left);
		same = f.readings == c->readings;
		for (w = 0; w < 3 && c->want[w].value != NULL; w++)
			same &= strcmp(field(&f, c->want[w].sys,
			    c->want[w].label), c->want[w].value) == 0;
		ok(same, c->what);
		ob_fields_free(&f);
	}

	/*
	 * No cell ends in a space (inside a run none can: no cell starts
	 * after one), so a run that ends in one has no reading.
	 */
	ob_fields_split("AMD Radeon RX 7900 XTX 24GBDELL U2723QE ", gm, 2, 1, NULL,
	    &f, &left);
	ok(f.readings == 0 && f.value[1] == NULL, "no cell ends in a space");
	ob_fields_free(&f);

	/*
	 * Two systems on one machine: the second prints nothing. The
	 * OpenGL version is a word of its own, so "2.0-rc1-phx)" in the
	 * kernel named inside the first OpenGL cell is no second one.
	 */
	run = xasprintf("AMD Radeon RX 7900 XTX 24GB%s", mesa);
	ob_fields_split(run, gg, 2, 2, NULL, &f, &left);
	ok(f.readings == 1 && strcmp(field(&f, 0, 1), mesa) == 0 &&
	    strcmp(field(&f, 1, 1), mesa) == 0,
	    "an OpenGL cell starts at a version that is a word");
	ob_fields_free(&f);
	free(run);
}

int
main(void)
{
	struct ob_fields	 f;
	struct ob_fields_evidence ev = { NULL, NULL };
	const char		*drives[] = { "Acme A1 Pro 2TB", "Tern T900 4TB" };
	struct ob_names		 named = { (char **)drives, 2 };
	const char		*one = "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 "
	    "Threads)Acme Device 14d82 x 16GB DDR5-6000MT/s Kit F16G2000GB ACME "
	    "A1 PROUbuntu 23.106.7.0-060700-generic (x86_64)3840x2160";
	char			*two, *big;
	size_t			 i;

	ob_fields_split(one, labels, NL, 1, NULL, &f, &left);
	is_double(f.readings, 1, 0, "one reading of a full first column");
	is_str(field(&f, 0, 1), "Acme Device 14d8", "Chipset cut before \"2 x\"");
	is_str(field(&f, 0, 2), "2 x 16GB DDR5-6000MT/s Kit F16G",
	    "Memory up to the glued Disk head");
	is_str(field(&f, 0, 3), "2000GB ACME A1 PRO", "Disk");
	is_str(field(&f, 0, 4), "Ubuntu 23.10", "OS cut at the kernel version");
	is_str(field(&f, 0, 5), "6.7.0-060700-generic (x86_64)", "Kernel");
	is_str(field(&f, 0, 6), "3840x2160", "Screen Resolution");
	ob_fields_free(&f);

	/* A second system printing only its own Disk cell. */
	two = xasprintf("%s%s", one, "4000GB XT4000T900X2");
	ob_fields_split(two, labels, NL, 2, NULL, &f, &left);
	is_str(field(&f, 1, 0), "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 Threads)",
	    "an unprinted cell is the previous system's");
	is_str(field(&f, 1, 3), "4000GB XT4000T900X2", "the later Disk cell");
	ob_fields_free(&f);
	ev.names = &named;
	ob_fields_split(two, labels, NL, 2, &ev, &f, &left);
	is_str(field(&f, 1, 3), "4000GB XT4000T900X2",
	    "the Disk cell agrees with the name evidence");
	ob_fields_free(&f);
	free(two);

	/*
	 * "Debian 12" + "6.1.0" or "Debian 1" + "26.1.0" (a kernel with no
	 * tag may be Darwin's, up to 29): not pinned.
	 */
	ob_fields_split("Example CPU (2 Cores)Acme Device 14d82 x 16GB Kit"
	    "2000GB ACME A1 PRODebian 126.1.0 (x86_64)1920x1080",
	    labels, NL, 1, NULL, &f, &left);
	ok(f.readings == 2 && strcmp(field(&f, 0, 4), "(open)") == 0 &&
	    strcmp(field(&f, 0, 5), "(open)") == 0,
	    "OS and Kernel that read two ways are left open");
	is_str(field(&f, 0, 0), "Example CPU (2 Cores)", "the rest is still pinned");
	ob_fields_free(&f);
	/* With Linux's tag the kernel's major is below 10: one reading. */
	ob_fields_split("Example CPU (2 Cores)Acme Device 14d82 x 16GB Kit"
	    "2000GB ACME A1 PRODebian 126.1.0-18-amd64 (x86_64)1920x1080",
	    labels, NL, 1, NULL, &f, &left);
	ok(f.readings == 1 && strcmp(field(&f, 0, 4), "Debian 12") == 0 &&
	    strcmp(field(&f, 0, 5), "6.1.0-18-amd64 (x86_64)") == 0,
	    "a Linux kernel's major is below 10");
	ob_fields_free(&f);

	ob_fields_split("nothing here fits", labels, NL, 1, NULL, &f, &left);
	ok(f.readings == 0 && f.value[0] == NULL, "no reading: nothing filled");
	ob_fields_free(&f);

	/* A long run of capitals: bounded, and no field guessed. */
	big = xcalloc(20001, 1);
	for (i = 0; i < 20000; i++)
		big[i] = i % 7 == 0 ? 'a' : 'A';
	ob_fields_split(big, labels, NL, 8, NULL, &f, &left);
	ok(f.readings == 0 && f.value[0] == NULL,
	    "a 20000-byte hostile run: no reading, nothing filled");
	left = STEPS;
	ob_fields_free(&f);
	free(big);
	/* Glued words read countless ways: past its steps, nothing filled. */
	{
		static const char *const free5[] = { "A", "B", "C", "D", "E" };

		big = xcalloc(2001, 1);
		for (i = 0; i < 2000; i++)
			big[i] = i % 2 == 0 ? 'a' : 'B';
		left = 1000000;
		ob_fields_split(big, free5, 5, 8, NULL, &f, &left);
		ok(left == 0 && f.value[0] == NULL,
		    "2000 bytes of word joins spend the steps, nothing filled");
		ob_fields_free(&f);
		free(big);
	}
	big = xcalloc(300001, 1);
	memset(big, 'a', 300000);
	left = 1000000;
	ob_fields_split(big, labels, NL, 2, NULL, &f, &left);
	ok(left == 0 && f.value[0] == NULL,
	    "a 300 KB run has more states than steps: not read at all");
	left = STEPS;
	ob_fields_free(&f);
	free(big);
	/*
	 * Glued digits within the work bound: every position may start a
	 * number, and a number is read no further than its longest form, so
	 * this takes milliseconds (counting each whole run took minutes).
	 */
	{
		static const char *const mem[] = { "Memory" };

		big = xcalloc(400001, 1);
		memset(big, '7', 400000);
		ob_fields_split(big, mem, 1, 1, NULL, &f, &left);
		ok(left > 0 && f.readings == 0 && f.value[0] == NULL,
		    "400,000 glued digits: counted, no reading, nothing filled");
		ob_fields_free(&f);
		free(big);
	}
	shapes();
	shaped_tables();
	rows();
	one_rule();
	return tap_done();
}
