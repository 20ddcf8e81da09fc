# SPDX-License-Identifier: ISC
# Deterministic generator of a large PTS composite.xml for `make bench`:
#   awk -v systems=8 -v results=5000 -f gen-pts-xml.awk > big.xml
# Values come from a fixed linear congruential sequence, so every run
# writes the same bytes. The shape follows what PTS 10.x writes: indented,
# System JSON, Entry RawString with several trials and Entry JSON (with
# compiler flags on half the results, as tests built from source have).
function rnd() {
	seed = (seed * 1103515245 + 12345) % 2147483648
	return seed / 2147483648
}
BEGIN {
	seed = 42
	if (systems == "") systems = 8
	if (results == "") results = 5000
	print "<?xml version=\"1.0\"?>"
	print "<!--Phoronix Test Suite v10.8.4-->"
	print "<PhoronixTestSuite>"
	print "  <Generated>"
	print "    <Title>Generated Storage Matrix</Title>"
	print "    <LastModified>2025-01-01 00:00:00</LastModified>"
	print "    <TestClient>Phoronix Test Suite v10.8.4</TestClient>"
	print "    <Description>Synthetic file for throughput measurements.</Description>"
	print "    <Notes></Notes>"
	print "    <InternalTags></InternalTags>"
	print "    <ReferenceID></ReferenceID>"
	print "    <PreSetEnvironmentVariables></PreSetEnvironmentVariables>"
	print "  </Generated>"
	for (s = 0; s < systems; s++) {
		print "  <System>"
		printf "    <Identifier>drive-%02d</Identifier>\n", s
		printf "    <Hardware>Processor: AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads), Motherboard: ASUS ROG STRIX X670E-E GAMING WIFI (1905 BIOS), Memory: 2 x 16GB DRAM-6000MT/s, Disk: %dGB Example NVMe %02d</Hardware>\n", 1000 * (s % 4 + 1), s
		print "    <Software>OS: Ubuntu 24.04, Kernel: 6.8.0-31-generic (x86_64), Compiler: GCC 13.2.0, File-System: ext4</Software>"
		print "    <User>bench</User>"
		printf "    <TimeStamp>2025-01-01 %02d:00:00</TimeStamp>\n", s
		print "    <TestClientVersion>10.8.4</TestClientVersion>"
		print "    <Notes></Notes>"
		print "    <JSON>{\"disk-scheduler\":\"NONE\",\"disk-mount-options\":\"relatime,rw\",\"cpu-scaling-governor\":\"amd-pstate-epp powersave\"}</JSON>"
		print "  </System>"
	}
	split("randread randwrite read write", kinds, " ")
	split("4k 16k 64k 256k 1m 2m", sizes, " ")
	for (r = 0; r < results; r++) {
		kind = kinds[r % 4 + 1]; size = sizes[int(r / 4) % 6 + 1]
		jobs = int(r / 24) + 1
		print "  <Result>"
		print "    <Identifier>pts/fio-2.1.0</Identifier>"
		print "    <Title>Flexible IO Tester</Title>"
		print "    <AppVersion>3.36</AppVersion>"
		printf "    <Arguments>%s io_uring 1 0 %s %d</Arguments>\n", kind, size, jobs
		printf "    <Description>Type: %s - Engine: IO_uring - Direct: Yes - Block Size: %s - Job Count: %d - Disk Target: Default Test Directory</Description>\n", kind, size, jobs
		print "    <Scale>MB/s</Scale>"
		print "    <Proportion>HIB</Proportion>"
		print "    <DisplayFormat>BAR_GRAPH</DisplayFormat>"
		print "    <Data>"
		for (s = 0; s < systems; s++) {
			base = 500 + 9000 * rnd()
			raw = ""; times = ""; sum = 0
			for (k = 0; k < 5; k++) {
				x = base * (0.98 + 0.04 * rnd())
				sum += x
				raw = raw (k ? ":" : "") sprintf("%.1f", x)
				times = times (k ? ":" : "") sprintf("%.2f", 20 + 2 * rnd())
			}
			print "      <Entry>"
			printf "        <Identifier>drive-%02d</Identifier>\n", s
			printf "        <Value>%.2f</Value>\n", sum / 5
			printf "        <RawString>%s</RawString>\n", raw
			# Tests built from source carry their compiler flags.
			if (r % 2 == 0)
				printf "        <JSON>{\"compiler-options\":{\"compiler-type\":\"CC\",\"compiler\":\"gcc\",\"compiler-options\":\"-O3 -march=native -rdynamic -lrt -laio -lz -lm -lpthread -ldl\"},\"test-run-times\":\"%s\"}</JSON>\n", times
			else
				printf "        <JSON>{\"test-run-times\":\"%s\"}</JSON>\n", times
			print "      </Entry>"
		}
		print "    </Data>"
		print "  </Result>"
	}
	print "</PhoronixTestSuite>"
}
