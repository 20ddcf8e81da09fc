<?xml version="1.0" encoding="UTF-8"?>
<!--
  benchreport review page: turns the review document (docs/review-xml.md)
  into one self-contained HTML file. No script, no external resource: the
  page works offline, from a USB stick or as a mail attachment.
  Replace it with `benchreport publish -\-template FILE`.
-->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:svg="http://www.w3.org/2000/svg" exclude-result-prefixes="svg">
<xsl:output method="html" encoding="UTF-8" indent="no"
    doctype-system="about:legacy-compat"/>

<xsl:template match="/review">
<html lang="en">
<head>
<meta charset="utf-8"/>
<!-- The page loads nothing and runs nothing: the policy makes that a promise. -->
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="generator" content="{@generator}"/>
<title><xsl:value-of select="title"/></title>
<style>
:root { --fg:#1d232a; --bg:#ffffff; --muted:#5b6570; --line:#d5dbe1; --head:#f2f4f7;
  --accent:#1f5fa8; --diff:#fff4d6; --best:#0b6b3a; }
@media (prefers-color-scheme: dark) {
  :root { --fg:#e4e8ec; --bg:#15191e; --muted:#9aa5b1; --line:#38414b; --head:#1f252c;
    --accent:#7fb2ee; --diff:#3b3320; --best:#6fd69f; }
}
* { box-sizing:border-box; }
body { margin:0 auto; max-width:1200px; padding:1rem 1.25rem 3rem; color:var(--fg);
  background:var(--bg); font:15px/1.5 "DejaVu Sans","Segoe UI",Helvetica,Arial,sans-serif; }
h1 { font-size:1.7rem; margin:.5rem 0; } h2 { font-size:1.35rem; margin-top:2.5rem;
  border-bottom:2px solid var(--line); padding-bottom:.2rem; } h3 { font-size:1.1rem; margin:0 0 .2rem; }
a { color:var(--accent); }
.muted, .args { color:var(--muted); } .args { margin:0 0 .5rem; font-size:.9rem; }
.wrap { overflow-x:auto; margin:.5rem 0 1rem; }
table { border-collapse:collapse; font-size:.85rem; }
th, td { border:1px solid var(--line); padding:.25rem .45rem; vertical-align:top; }
thead th, tbody th { background:var(--head); text-align:left; }
td.num { text-align:right; font-variant-numeric:tabular-nums; white-space:nowrap; }
tr.differs td { background:var(--diff); }
tr.differs th::after { content:" \2260"; color:var(--muted); }
td.missing { color:var(--muted); font-style:italic; }
td.best { font-weight:bold; color:var(--best); }
td.best::before { content:"\2605 "; }
.rel { display:block; font-size:.75rem; color:var(--muted); font-weight:normal; }
td.b10 { background:rgba(46,160,67,.28); } td.b9 { background:rgba(46,160,67,.20); }
td.b8 { background:rgba(46,160,67,.12); } td.b7 { background:rgba(210,153,34,.14); }
td.b6 { background:rgba(210,153,34,.22); } td.b5, td.b4, td.b3, td.b2, td.b1, td.b0
  { background:rgba(207,34,46,.20); }
.sw { display:inline-block; width:.8em; height:.8em; border-radius:2px; margin-right:.35em;
  vertical-align:-.05em; border:1px solid var(--line); }
nav.toc ol { columns:2 18rem; padding-left:1.2rem; font-size:.9rem; }
.result { margin:1.5rem 0 2rem; break-inside:avoid; page-break-inside:avoid; }
.result .grid { display:grid; grid-template-columns:minmax(0,2.2fr) minmax(14rem,1fr); gap:1rem;
  align-items:start; }
.chart svg { width:100%; height:auto; background:#fff; border:1px solid var(--line); border-radius:4px; }
.note { font-size:.85rem; } .notes dt { font-weight:bold; margin-top:.5rem; }
.notes dd { margin-left:1rem; overflow-wrap:anywhere; }
details summary { cursor:pointer; color:var(--accent); }
footer { margin-top:3rem; border-top:1px solid var(--line); padding-top:.5rem; font-size:.8rem;
  color:var(--muted); }
@media (max-width: 760px) {
  body { padding:.6rem; font-size:14px; }
  .result .grid { grid-template-columns:1fr; }
  nav.toc ol { columns:1; }
}
@media print {
  body { max-width:none; font-size:10pt; color:#000; background:#fff; }
  nav.toc, details > summary { display:none; }
  details { display:block; } details > * { display:block; }
  a { color:#000; text-decoration:none; }
  .result, table { break-inside:avoid; page-break-inside:avoid; }
  h2 { break-before:page; page-break-before:always; }
}
</style>
<xsl:if test="diff-css"><style><xsl:value-of select="diff-css"/></style></xsl:if>
</head>
<body>
<header>
<h1><xsl:value-of select="title"/></h1>
<xsl:if test="description"><p><xsl:value-of select="description"/></p></xsl:if>
<xsl:apply-templates select="sources"/>
</header>
<nav class="toc" aria-label="Contents">
<h2 style="margin-top:1rem">Contents</h2>
<ol>
<xsl:if test="diff/*"><li><a href="#comparison">Comparison of the two result sets</a></li></xsl:if>
<xsl:for-each select="section">
  <li><a href="#{@id}"><xsl:value-of select="@title"/></a>
  <ol>
    <li><a href="#{@id}-systems">Systems</a></li>
    <li><a href="#{@id}-overview">Result overview</a></li>
    <xsl:for-each select="result">
      <li><a href="#{@id}"><xsl:value-of select="@title"/>
        <xsl:if test="@arguments != ''"> — <xsl:value-of select="@arguments"/></xsl:if></a></li>
    </xsl:for-each>
  </ol></li>
</xsl:for-each>
</ol>
</nav>
<main>
<xsl:if test="diff/*">
<div id="comparison"><xsl:copy-of select="diff/*"/></div>
</xsl:if>
<xsl:apply-templates select="section"/>
</main>
<footer>
<p>Generated by <xsl:value-of select="@generator"/> from
<xsl:for-each select="sources/source">
  <xsl:if test="position() &gt; 1">, </xsl:if>
  <xsl:call-template name="source-name"/>
</xsl:for-each>.
Values are means; whiskers and “SE +/-” show one standard error of the mean over N runs.</p>
</footer>
</body>
</html>
</xsl:template>

<xsl:template name="source-name">
  <xsl:choose>
    <xsl:when test="@url != ''"><a href="{@url}"><xsl:value-of select="@ref | @url[not(../@ref)]"/></a></xsl:when>
    <xsl:when test="@path != ''"><xsl:call-template name="basename"><xsl:with-param name="p" select="@path"/></xsl:call-template></xsl:when>
    <xsl:otherwise><xsl:value-of select="@title"/></xsl:otherwise>
  </xsl:choose>
  <xsl:if test="@generator != ''"> (<xsl:value-of select="@generator"/>)</xsl:if>
</xsl:template>

<xsl:template name="basename">
  <xsl:param name="p"/>
  <xsl:choose>
    <xsl:when test="contains($p, '/')"><xsl:call-template name="basename">
      <xsl:with-param name="p" select="substring-after($p, '/')"/></xsl:call-template></xsl:when>
    <xsl:otherwise><xsl:value-of select="$p"/></xsl:otherwise>
  </xsl:choose>
</xsl:template>

<xsl:template match="sources">
  <p class="muted">Source<xsl:if test="count(source) &gt; 1">s</xsl:if>:
  <xsl:for-each select="source">
    <xsl:if test="position() &gt; 1">; </xsl:if>
    <xsl:call-template name="source-name"/>
  </xsl:for-each></p>
</xsl:template>

<xsl:template match="section">
<section id="{@id}">
<h2><xsl:value-of select="@title"/></h2>
<xsl:if test="description"><p><xsl:value-of select="description"/></p></xsl:if>
<xsl:if test="setnotes"><p class="note"><xsl:value-of select="setnotes"/></p></xsl:if>
<xsl:apply-templates select="combined"/>

<h3 id="{@id}-systems">Systems</h3>
<div class="wrap"><table>
<thead><tr><th scope="col">Component</th>
<xsl:for-each select="systems/system">
  <th scope="col"><span class="sw" style="background:{@colour}" aria-hidden="true"></span>
  <xsl:value-of select="."/><xsl:if test="@baseline"> (baseline)</xsl:if></th>
</xsl:for-each></tr></thead>
<tbody>
<xsl:for-each select="components/row">
  <tr>
  <xsl:if test="@differs"><xsl:attribute name="class">differs</xsl:attribute></xsl:if>
  <th scope="row"><xsl:value-of select="@name"/></th>
  <xsl:for-each select="cell">
    <td colspan="{@span}"><xsl:if test="@missing"><xsl:attribute name="class">missing</xsl:attribute>not stated</xsl:if>
    <xsl:value-of select="."/></td>
  </xsl:for-each>
  </tr>
</xsl:for-each>
</tbody></table></div>
<p class="muted note">Rows marked ≠ differ between systems in what the source states; equal cells are merged.
<xsl:if test="components/row/cell[@missing]">“Not stated” marks a field the source gives for other systems but not for
this one (or that could not be read from it); it is never counted as a difference.</xsl:if></p>

<xsl:if test="facts">
<details><summary>Normalised facts and where each came from</summary>
<div class="wrap"><table>
<thead><tr><th scope="col">Fact</th>
<xsl:for-each select="systems/system"><th scope="col"><xsl:value-of select="."/></th></xsl:for-each></tr></thead>
<tbody>
<xsl:for-each select="facts/row">
  <tr><xsl:if test="@differs"><xsl:attribute name="class">differs</xsl:attribute></xsl:if>
  <th scope="row"><xsl:value-of select="@name"/></th>
  <xsl:for-each select="cell">
    <td colspan="{@span}"><xsl:if test="@missing"><xsl:attribute name="class">missing</xsl:attribute>unknown</xsl:if>
    <xsl:value-of select="."/>
    <xsl:if test="@source"><span class="rel">from <xsl:value-of select="@source"/></span></xsl:if></td>
  </xsl:for-each></tr>
</xsl:for-each>
</tbody></table></div>
<p class="muted note">Rows marked ≠ differ between systems where the fact is known for both; “unknown” (not
stated, or not derivable from what is) is never counted as a difference.</p>
</details>
</xsl:if>

<xsl:if test="notes">
<h3>Notes</h3>
<dl class="notes note">
<xsl:for-each select="notes/note">
  <dt><xsl:value-of select="@system"/>: <xsl:value-of select="@name"/></dt>
  <dd><xsl:value-of select="."/></dd>
</xsl:for-each>
</dl>
</xsl:if>

<h3 id="{@id}-overview">Result overview</h3>
<xsl:if test="overview-chart/*"><div class="chart" style="max-width:760px"><xsl:copy-of select="overview-chart/*"/></div></xsl:if>
<div class="wrap"><table class="overview">
<thead><tr><th scope="col">Test</th>
<xsl:for-each select="systems/system"><th scope="col"><xsl:value-of select="."/></th></xsl:for-each></tr></thead>
<tbody>
<xsl:for-each select="overview/row">
  <tr><th scope="row"><a href="#{@ref}"><xsl:value-of select="@title"/></a>
  <span class="rel"><xsl:value-of select="@arguments"/>
  <xsl:if test="@unit != ''"> · <xsl:value-of select="@unit"/></xsl:if>
  <xsl:choose><xsl:when test="@proportion = 'HIB'"> · more is better</xsl:when>
  <xsl:when test="@proportion = 'LIB'"> · fewer is better</xsl:when></xsl:choose></span></th>
  <xsl:for-each select="cell">
    <td>
    <xsl:attribute name="class">num<xsl:if test="@missing"> missing</xsl:if><xsl:if test="@best"> best</xsl:if><xsl:if test="@band != ''"> b<xsl:value-of select="@band"/></xsl:if></xsl:attribute>
    <xsl:choose><xsl:when test="@missing">no result</xsl:when>
    <xsl:otherwise><xsl:value-of select="."/><xsl:if test="@best"><span class="rel">best</span></xsl:if>
    <xsl:if test="@rel and not(@best)"><span class="rel"><xsl:value-of select="@rel"/>%</span></xsl:if></xsl:otherwise></xsl:choose>
    </td>
  </xsl:for-each></tr>
</xsl:for-each>
</tbody></table></div>
<xsl:choose>
<xsl:when test="overview/row/cell[@best]">
<p class="muted note">★ marks the best value of each row with two or more results (by the test's direction); percentages are relative
<xsl:choose><xsl:when test="systems/@baseline">to the baseline <xsl:value-of select="systems/@baseline"/></xsl:when>
<xsl:otherwise>to the best</xsl:otherwise></xsl:choose> (higher is better), and the shading repeats them.</p>
</xsl:when>
<xsl:when test="systems/@count = 1">
<p class="muted note">One system: no value is marked best, as there is nothing to compare it with.</p>
</xsl:when>
</xsl:choose>

<xsl:apply-templates select="result"/>
</section>
</xsl:template>

<xsl:template match="combined">
<div class="combined note">
<p>This section combines <xsl:value-of select="@count"/> result sets on shared charts: where they ran the same test
(title, description and unit), their systems stand side by side, with a footnote where the versions differ.</p>
<ul>
<xsl:for-each select="part">
  <li><xsl:value-of select="@title"/><xsl:if test="@path != '' or @url != ''"> — <xsl:call-template name="source-name"/></xsl:if></li>
</xsl:for-each>
</ul>
<xsl:if test="note"><ul class="muted"><xsl:for-each select="note"><li><xsl:value-of select="."/></li></xsl:for-each></ul></xsl:if>
</div>
</xsl:template>

<xsl:template match="result">
<article class="result" id="{@id}">
<h3><xsl:value-of select="@title"/><xsl:if test="@version != ''"><xsl:text> </xsl:text><xsl:value-of select="@version"/></xsl:if></h3>
<p class="args"><xsl:value-of select="@arguments"/>
<xsl:if test="@unit != ''"> · <xsl:value-of select="@unit"/></xsl:if>
<xsl:if test="@direction != ''"> · <xsl:value-of select="@direction"/></xsl:if></p>
<div class="grid">
<div class="chart"><xsl:copy-of select="chart/*"/>
<xsl:if test="@file"><p class="muted note">Chart files: <a href="charts/{@file}.svg">SVG</a> · <a href="charts/{@file}.png">PNG</a></p></xsl:if></div>
<div class="wrap" style="margin:0"><table>
<caption class="muted note" style="caption-side:top;text-align:left">Data<xsl:if test="@unit != ''"> (<xsl:value-of select="@unit"/>)</xsl:if></caption>
<thead><tr><th scope="col">System</th><th scope="col">Value</th><th scope="col">SE</th><th scope="col">N</th></tr></thead>
<tbody>
<xsl:for-each select="value">
  <tr><th scope="row"><xsl:value-of select="@system"/></th>
  <td><xsl:attribute name="class">num<xsl:if test="@best"> best</xsl:if><xsl:if test="@missing"> missing</xsl:if></xsl:attribute>
  <xsl:choose><xsl:when test="@missing">no result</xsl:when><xsl:otherwise><xsl:value-of select="@mean"/></xsl:otherwise></xsl:choose>
  <xsl:if test="@note"><span class="rel"><xsl:value-of select="@note"/></span></xsl:if>
  <xsl:if test="@error"><span class="rel">error: <xsl:value-of select="@error"/></span></xsl:if></td>
  <td class="num"><xsl:value-of select="@se"/></td>
  <td class="num"><xsl:value-of select="@n"/><xsl:if test="@n and @n &lt; 3"> ⚠</xsl:if></td></tr>
</xsl:for-each>
</tbody></table></div>
</div>
<xsl:if test="annotation"><p class="note"><xsl:value-of select="annotation"/></p></xsl:if>
<xsl:for-each select="footnote"><p class="note muted"><xsl:value-of select="."/></p></xsl:for-each>
</article>
</xsl:template>

</xsl:stylesheet>
