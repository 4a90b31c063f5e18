<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>ChartCaptions</name>
    <message>
        <location filename="../../ui/export/ChartCaptions.cpp" line="+19"/>
        <source>Reconstructed distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For each category (or cell) the share in the original records, the share expected after randomization, and the share estimated back from one simulated release at these parameters; the closer the estimate to the original, the more useful the release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attribute disclosure risk per record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the records&apos; risk Pr(S|QI) is spread: the probability that an attacker who knows a person&apos;s quasi-identifiers guesses the sensitive value right after randomization. Records right of the line τ = 1/l are above the target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Re-identification risk per record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The chance that an attacker who knows a person&apos;s quasi-identifiers, and that the person is in the release, picks the person&apos;s own record among the released records with those values: the share of records in each tenth of [0, 1], for the original data (1 / size of the QI group) and at the current p (log scale).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Maximum risk over two retention probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The highest record risk for every pair of retention probabilities p of the two attributes on the axes (the others held at their current p); the contour marks τ and the marked point the current parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Uncertainty of an estimate as p varies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The range in which the estimated share of one cell falls (Chebyshev and normal bounds) as the retention probability p of one attribute varies, the others held fixed; wide ranges mean the release says little about that cell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Privacy-utility trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each point is the optimal release for one privacy target l: its maximum risk against its utility loss; the marked point is the current parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Association measures: original and randomized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each association measure computed on the original records and estimated from the randomized release, with its interval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Association measures over the retention probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the estimated measures move as the retention probability p changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Association rules: original and randomized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Support and confidence of the rules mined from the original records beside those estimated from the randomized release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Comparison with l-diversity and anatomy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The chosen measure for l-diversity (generalization), anatomy and randomized response (RR-QI), each released at the same privacy requirement τ = 1/l, for every l of the run; the table below gives every measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Uncertainty coefficients of the released data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How much each attribute tells about another in the release (0: nothing, 1: everything), for the method and l shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measures without knowing p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The measure computed from the randomized data alone over the distortion parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Basket privacy breaches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The largest posterior probability of an item given the randomized basket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recovered itemset supports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>True supports of itemsets against those recovered from the randomized baskets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mining quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frequent itemsets found in the randomized baskets: true and false positives and misses.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../../ui/baskets/BasketsHeadless.cpp" line="+40"/>
        <source>the baskets frame could not be computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/baskets/BasketsView.cpp" line="+69"/>
        <location line="+6"/>
        <location filename="../../ui/export/ComparisonTable.cpp" line="+95"/>
        <location filename="../../ui/measures/MeasuresView.cpp" line="+50"/>
        <location line="+7"/>
        <location filename="../../ui/measures/RulesView.cpp" line="+109"/>
        <location filename="../../ui/withoutp/WithoutPView.cpp" line="+40"/>
        <source>undefined: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1-itemsets %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>unbounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/charts/ChartStyle.cpp" line="+59"/>
        <source>Utility loss tr Σ = E‖π_est − π‖² (squared proportion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Objective ∏ᵢ ‖Pᵢ⁻¹‖²_F (dimensionless)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Variational distance d_V(π, π_est) (proportion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/charts/HeatMap.cpp" line="+32"/>
        <source>current p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/comparison/ComparisonHeadless.cpp" line="+34"/>
        <source>rr-explorer: the comparison could not be run: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/comparison/ComparisonMeasures.cpp" line="+14"/>
        <source>l-diversity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>t-closeness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>anatomy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>max risk maxᵣ Pr(Sᵣ | QIᵣ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variational distance d_V(π, π̂)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2 distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>χ² distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>average relative error, base queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>average relative error, cube queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean uncertainty coefficient, QI → S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean uncertainty coefficient, QI → QI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/export/ChartExport.cpp" line="+43"/>
        <source>no chart to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the %1 chart has no data yet (open a table and wait for the computation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>a PNG resolution must lie between 24 and 1200 dpi (got %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cannot tell the format of &apos;%1&apos;: use a .png, .svg or .pdf file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>could not encode the PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RR Explorer chart &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>rendering the %1 chart produced nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/export/ComparisonTable.cpp" line="-70"/>
        <source>max risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d&lt;sub&gt;V&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>χ²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>base query error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cube query error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>U QI→S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>U QI→QI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>l = %1..%2 (τ = 1/l), %3, %4 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;h2&gt;Comparison table: l-diversity, t-closeness, anatomy and RR-QI&lt;/h2&gt;&lt;p&gt;%1. Each row is one method released at the privacy requirement τ = 1/l of its l.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no release at this l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 at l = %2, %3: undefined: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/export/HeadlessTableSession.cpp" line="+37"/>
        <source>the session&apos;s analysis could not be computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/export/ReportWriter.cpp" line="+53"/>
        <source>Mode %1, l = %2 (τ = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 p = %2 (ε = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 kept (p = 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&lt;h1&gt;Randomized response: privacy and utility report&lt;/h1&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h2&gt;Data&lt;/h2&gt;&lt;table&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;tr&gt;&lt;th&gt;file&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;tr&gt;&lt;th&gt;records loaded&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;tr&gt;&lt;th&gt;records dropped (missing values)&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;tr&gt;&lt;th&gt;records analysed N&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;tr&gt;&lt;th&gt;joint domain D&lt;/th&gt;&lt;td&gt;%1 cells&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;h2&gt;Roles&lt;/h2&gt;&lt;p&gt;Quasi-identifiers: %1&lt;br&gt;Sensitive attribute: %2&lt;br&gt;Missing values: %3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>drop records with any missing value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>drop records missing a used value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h2&gt;Parameters&lt;/h2&gt;&lt;p&gt;Mode %1, target l = %2 (τ = %3)&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;table&gt;&lt;tr&gt;&lt;th&gt;attribute&lt;/th&gt;%1&lt;th&gt;role&lt;/th&gt;&lt;th&gt;d&lt;/th&gt;&lt;th&gt;p&lt;/th&gt;&lt;th&gt;q&lt;/th&gt;&lt;th&gt;ε (LDP)&lt;/th&gt;&lt;th&gt;‖P⁻¹‖²&lt;sub&gt;F&lt;/sub&gt;&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;th&gt;description&lt;/th&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>none (p = 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;h2&gt;Attribute disclosure risk&lt;/h2&gt;&lt;table&gt;&lt;tr&gt;&lt;th&gt;max risk&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;mean risk&lt;/th&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;median / 90% / 99%&lt;/th&gt;&lt;td&gt;%3 / %4 / %5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;records above τ&lt;/th&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;h2&gt;Re-identification risk&lt;/h2&gt;&lt;p&gt;An attacker who knows a person&apos;s quasi-identifiers and that the person is in the release picks one released record with those values.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th&gt;original&lt;/th&gt;&lt;th&gt;at these p&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;largest risk&lt;/th&gt;&lt;td&gt;%1&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;mean (share re-identified)&lt;/th&gt;&lt;td&gt;%3&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;records above %5&lt;/th&gt;&lt;td&gt;%6%&lt;/td&gt;&lt;td&gt;%7%&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;th&gt;sample uniques&lt;/th&gt;&lt;td&gt;%8&lt;/td&gt;&lt;td&gt;%8&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&lt;h2&gt;Re-identification risk&lt;/h2&gt;&lt;p&gt;Not computed: %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h2&gt;Utility&lt;/h2&gt;&lt;p&gt;Expected squared error E‖π&lt;sub&gt;est&lt;/sub&gt; − π‖² = tr Σ = %1; objective ∏ ‖P&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;−1&lt;/sup&gt;‖²&lt;sub&gt;F&lt;/sub&gt; = %2 (003 Lemma 4, eq. 5.18).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&lt;h2&gt;Charts&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>RR Explorer report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+100"/>
        <source>a report is written as .html or .pdf (got &apos;%1&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the report could not be rendered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/headless/HeadlessExport.cpp" line="+27"/>
        <source>rr-explorer: out of memory while exporting the chart &apos;%1&apos; of the session %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>rr-explorer: internal failure while exporting the chart &apos;%1&apos;: %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>rr-explorer: unknown chart &apos;%1&apos; (expected one of: %2)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rr-explorer: --l-max must lie between %1 and %2 (got %3)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>rr-explorer: --out &apos;%1&apos; must end in .png, .svg or .pdf
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/measures/MeasuresHeadless.cpp" line="+59"/>
        <source>rr-explorer: the %1 chart could not be computed from the session&apos;s choices
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/measures/MeasuresView.cpp" line="+1"/>
        <source>no variance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/measures/RulesView.cpp" line="+5"/>
        <source>|F| = %1 original rules, |R| = %2 found, |R ∩ F| = %3.  ρ (support error) %4, γ (confidence error) %5, σ⁺ (false positives) %6, σ⁻ (false negatives) %7;  by lower bounds σ⁺ %8, σ⁻ %9;  by upper bounds σ⁺ %10, σ⁻ %11;  conflicts s-p %12, c-p %13 (003 Table 3.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/panels/AttributePanel.cpp" line="+46"/>
        <source>Known to the attackers of every further sensitive attribute (right-click to choose which)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mark an attribute &apos;also sensitive&apos; first: &apos;known&apos; says what its attacker knows besides the quasi-identifiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/release/ReidentificationText.cpp" line="+10"/>
        <source>&lt;p&gt;&lt;b&gt;Re-identification&lt;/b&gt;: not computed (%1).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;&lt;b&gt;Re-identification&lt;/b&gt;: an attacker who knows a person&apos;s quasi-identifiers and picks a released record with those values gets the person&apos;s own record with probability at most &lt;b&gt;%1&lt;/b&gt; (original data %2); on average %3% of the records (original %4%).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source> (attacker knows %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 &lt;span style=&apos;color:%2&apos;&gt;%3&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;b&gt;Every sensitive attribute&lt;/b&gt; (largest risk of each, given what its attacker knows): %1. The largest risk above is each record&apos;s largest over them.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/undo/UndoCommands.cpp" line="+38"/>
        <source>Mode %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Target τ = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rename %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/views/AnalysisHeadless.cpp" line="+24"/>
        <source>rr-explorer: the risk surface could not be computed
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the trade-off curve could not be computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>rr-explorer: no re-identification risk for this session: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/views/AttributeChoices.cpp" line="+14"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/withoutp/WithoutPHeadless.cpp" line="+25"/>
        <source>rr-explorer: the without-p chart could not be computed from the session&apos;s choices
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/withoutp/WithoutPView.cpp" line="+6"/>
        <source>ran ≤ ori</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>|ran| ≤ |ori|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>|ran−1| ≤ |ori−1|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/main_gui.cpp" line="+73"/>
        <source>Explore the privacy-utility trade-off of randomized response.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CSV files (one table) or one session (.json) to open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session file for --export-chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Render chart NAME (%1) without a window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output file: .png, .svg or .pdf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG resolution (default 192).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chart size in logical pixels (default 1100x680).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>comparison and uncertainty: compare at l = 2..L (default 7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--export-chart: run the SQL query the session stores (refused without).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RangeBands</name>
    <message>
        <location filename="../../ui/charts/RangeBands.cpp" line="+41"/>
        <source>%1% Chebyshev range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% normal range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::AnalysisState</name>
    <message>
        <location filename="../../ui/session/AnalysisState.cpp" line="+23"/>
        <source>p(%1) = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Reset parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::AttributeModel</name>
    <message>
        <location filename="../../ui/models/AttributeModel.cpp" line="+95"/>
        <source>QI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+95"/>
        <source>bin (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (d=%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 is numeric with %2 distinct values: not analysable as categories until it is binned. Right-click it and choose Bin… (cut points, equal width or quantiles).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 categories, %3 missing values (not a category). Double-click the role to change it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
Known to an attacker targeting %1, besides the quasi-identifiers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the quasi-identifiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>
Also sensitive: its risk is judged over %1 and itself. Right-click another attribute to say that its attacker knows it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
%1 occurs only in records the missing-value policy drops: the analysis and the p slider count d = %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::AttributePanel</name>
    <message>
        <location filename="../../ui/panels/AttributePanel.cpp" line="+20"/>
        <source>Attributes and their roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>also sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Drop records with any missing value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop records missing a used value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which records the analysis keeps. The dissertation drops every incomplete record (45,222 of Adult&apos;s 48,842).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Missing values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Rename %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change bins of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bin %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not numeric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove bins of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Known to an attacker targeting %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No analysis: choose at least one QI and one sensitive attribute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2 records analysed (%3 dropped); joint domain D = %4 cells.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::BasketBreachChart</name>
    <message>
        <location filename="../../ui/baskets/BasketsCharts.cpp" line="+41"/>
        <source>Worst privacy breach chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Worst-case breach per transaction size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+52"/>
        <source>transaction size m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-51"/>
        <source>worst P[a ∈ t | A ⊆ t′]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+47"/>
        <source>worst-case breach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-44"/>
        <source>other items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>breach level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 (fp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst-case breach, all baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (nfp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transaction size m (the operator ignores it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>breach level %1%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::BasketsView</name>
    <message>
        <location filename="../../ui/baskets/BasketsView.cpp" line="+20"/>
        <source>Worst breach by basket size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>size m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+4"/>
        <location line="+148"/>
        <location line="+50"/>
        <source>baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-202"/>
        <source>worst breach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at |A|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>under level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+30"/>
        <source>Recovered supports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-30"/>
        <source>itemset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>true support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>recovered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95% range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>σ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mining quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>s_min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>true itemsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>true positives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>accuracy (002)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local differential privacy by basket size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ε</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Breach per size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mining</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Privacy: R(p, s), ε</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a basket file (FIMI .dat: one basket a line) with File ▸ Open Baskets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1: %2 baskets, %3 items (%4 occur), sizes %5..%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Baskets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cut-and-paste (004 Def. 8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>uniform (004 Sec. 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>per-item bits (003 Ch. 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>select-a-size (004 Def. 7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>frequency-aware (002 Alg. 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>K for every size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+49"/>
        <source>ρ for every size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Set every size to K, ρ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cut-and-paste parameters by basket size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+50"/>
        <source>m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-50"/>
        <source>K_m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+50"/>
        <source>ρ_m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Suggest (K_m, ρ_m) for the breach level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>004 Sec. 4.4: per size, the smallest ρ_m meeting the level for each cutoff, then the cutoff with the lowest discoverable supports (Sec. 5.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>replacement p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>keep p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>p_m[j] = C(m, j) q^j (1 - q)^(m - j): j items kept as if each with share q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kept share q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set every size to ρ, binomial(m, q)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select-a-size parameters by basket size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p_m[0..m]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>004 Def. 7: keep j of the m items with probability p_m[j], insert every other item with ρ_m; edit a row&apos;s ρ_m or its p_m[0..m] (summing to 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Suggest ρ_m for the breach level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>004 Sec. 4.4: per size, the smallest ρ_m keeping the worst-case breach under the level for the row&apos;s p_m[j]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Items in at least this share of the baskets are frequent (002 Sec. 3.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequent items&apos; keep fp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other items&apos; keep nfp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frequent at support ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Privacy and preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>breach level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The charts come from a seeded randomization: reproducible, for exploration only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preview seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>s_min values for the precision/recall chart, in percent, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>s_min (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Release and session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write Release (OS CSPRNG)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Baskets Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Baskets Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export Charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+72"/>
        <source>s_min: give 1..20 percentages in (0, 100) separated by commas; kept %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>size %1: K_m must be an integer &gt;= 1 and ρ_m lie in (0, 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+54"/>
        <source>size %1: ρ_m must lie in (0, 1) and p_m[0..%1] be %2 probabilities summing to 1 (004 Def. 7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+126"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source>undefined: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;b&gt;%1&lt;/b&gt; at breach level %2%: worst-case breach %3 (%4, |A| = %5) — %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>under the level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;above the level&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 frequent item(s) (support ≥ %2%) kept with fp = %3, the other %4 with nfp = %5; breaches of itemsets of frequent and of other items apart (mixed itemsets are not modelled).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Lowest discoverable support (004 Sec. 5.1, 4 σ): frequent items %1; other items %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lowest discoverable support (004 Sec. 5.1, 4 σ): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 item(s) (%2%3) reach the level by their prior alone: no randomization protects them, so the breach treats them as public.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;i&gt;Charts: a seeded preview (seed %1), for exploration only, not a release; %2 items in the randomized baskets (%3 in the original).&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Reconstruction probability over the items R = %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reconstruction probability: does not apply (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>R(p, s) (002 eq. 13-17) does not apply to %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>LDP: ε = %1%2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> at size %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not LDP: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>all baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No results for the current choice (see the message below).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Open Baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets, FIMI format (*.dat *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open a basket file first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write Randomized Baskets (FILE and FILE.sizes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets, FIMI format (*.dat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save Baskets Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>RR Explorer basket sessions (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Session saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not save the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Baskets Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not open the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export the Three Charts (NAME-basket-breach, -basket-supports, -basket-mining)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG (*.png);;SVG (*.svg);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Charts written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not export the charts: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::BasketsWorkspace</name>
    <message>
        <location filename="../../ui/baskets/BasketsWorkspace.cpp" line="+159"/>
        <source>Per-size (K_m, ρ_m) from the breach search at level %1%: %2 size(s) searched, %3 with no setting under the level (given K = 3, ρ = 0.95).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Per-size ρ_m from the breach search at level %1% for the table&apos;s p_m[j]: %2 size(s) searched, %3 with no ρ_m under the level (kept as they were).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Release written from %1: %2 (%3 baskets in a random order, %4 items)%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source> and %1 (original sizes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/baskets/BasketsWorkspace.h" line="+67"/>
        <source>Loading baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets: breaches, recovery, mining</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets: cut-and-paste search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets: writing the release</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::BinDialog</name>
    <message>
        <location filename="../../ui/import/BinDialog.cpp" line="+39"/>
        <source>Bin %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 distinct numbers from %3 to %4 in %5 records (%6 missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 categories, not all of them numbers; those that are not become missing once binned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+8"/>
        <source>Cut points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Equal width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>e.g. 0, 18, 30, 45, 65, inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Increasing numbers a, b, c, …: bins [a, b), [b, c), …; -inf may start and inf end the list. A value at or above the last finite cut lies outside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+5"/>
        <source> bins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Number of equal-width bins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Number of quantile bins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>between the smallest and the largest value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>with about as many records each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Bins and their records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The bins and their records (only bins with records are categories):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+73"/>
        <source>%1 records hold a value that is not a number and %2 lie outside the cuts: they become missing for %3 (and are counted as such).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ComparisonView</name>
    <message>
        <location filename="../../ui/comparison/ComparisonView.cpp" line="+57"/>
        <source>Comparing releases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>l = 2..</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest l compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare at every l from 2 to this value (τ = 1/l)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entropy l-diversity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>distinct l-diversity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recursive (c,l)-diversity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>c = </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>c of recursive (c,l)-diversity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>discernibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>average class size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>generalization height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The information loss the optimal generalization minimizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>seed </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed of the simulated randomization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed of the simulated randomization (reproducible exploration, not for release)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+174"/>
        <source>Hierarchies…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Folder of ARX generalization hierarchies; without one every QI is only suppressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the records and press “Compare”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>show l = </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>l shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The l whose heat maps and released tables are shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export tables…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the generalized table and the anatomy QIT and ST of the l shown as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Generalized table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anatomy: quasi-identifier table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anatomy: sensitive table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Distances, queries, risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generalized release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anatomy release (QIT | ST)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Canceled; the previous results (if any) stay shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No %1 yet: press “Compare” to build it for each l.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No %1 at l = %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The %1 is not saved in sessions: press “Compare” to build it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>generalized release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>anatomy release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 quasi-identifiers, sensitive attribute %2: press “Compare”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Hierarchies: %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No hierarchy folder: every QI is only suppressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Folder of generalization hierarchies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Comparing at l = 2..%1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Compared %1 records at l = %2..%3 in %4 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Restored from the session: %1 records compared at l = %2..%3. The released tables are not saved; Compare builds them again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>l = %1: %2 at node (%3), %4 %5, %6 of %7 lattice nodes checked, max risk %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>entropy l-diversity asks each class&apos;s sensitive values to be spread at least as evenly as l equally common values (entropy at least ln l); it does not cap the commonest value, so its largest risk, %1, lies above 1/l = %2 (distinct or recursive l-diversity would cap it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>l = %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>anatomy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>anatomy: %1 groups, max risk %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>anatomy: max risk %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RR-QI: p = (%1), max risk %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RR-QI: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Export the released tables (file name prefix)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::CoreTexts</name>
    <message>
        <location filename="../../ui/texts/CoreTexts.cpp" line="+12"/>
        <source>Support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correlation (phi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Odds ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kappa</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mutual information (M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>J-measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pearson&apos;s chi-square</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Likelihood ratio (G2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Risk difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collective strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cosine (IS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interest (lift)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jaccard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Piatetsky-Shapiro (PS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conviction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certainty factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Laplace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Concentration coefficient (tau)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uncertainty coefficient (U)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RR-QI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RR-S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RR-Both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>randomized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kept in clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>quasi-identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ignored</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::DataPreview</name>
    <message>
        <location filename="../../ui/release/DataPreview.h" line="+34"/>
        <source>Randomized preview</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::DistributionChart</name>
    <message>
        <location filename="../../ui/charts/DistributionChart.cpp" line="+84"/>
        <source>Distribution chart: original and estimated proportions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reconstructed distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>original π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected randomized λ = Pπ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>estimate P⁻¹λ_obs (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>proportion of records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+123"/>
        <source>estimate below 0: noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▲ 1 estimate below 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>▲ %1 estimates below 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: sampling noise, not an error (Help › Guide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1% %2 range of the estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Chebyshev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cell (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>category of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reconstructed distribution of %1 — N = %2, seed %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (largest %1 of %2 cells)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (cells ranked %1–%2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::DistributionView</name>
    <message>
        <location filename="../../ui/views/DistributionView.cpp" line="+32"/>
        <source>A second attribute shows the pair&apos;s joint cells as grouped bars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chebyshev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interquantile range of the estimate: normal approximation (z_{α/2} sd) or Chebyshev&apos;s bound (sd/√α), 003 Sec. 3.2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>α (the range misses the true proportion with probability α)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The range covers the true proportion with probability 1 − α</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Resample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw another simulated randomization (new seed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cells by size from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chart shows a window of the cells ranked by original proportion; this is the rank of its first cell (1 = the largest). Step through to see every cell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Attribute:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>α</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cell whose precision is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Half the width of the cell&apos;s range: an estimate from the released table lies this close to the true share with the stated probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Precision of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <source>seed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source> of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>: the share of %1, %2%, is estimated within ±%3 points (±%4 records) at %5%.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::EpsilonText</name>
    <message>
        <location filename="../../ui/texts/EpsilonText.cpp" line="+29"/>
        <source>strong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no guarantee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+6"/>
        <source>∞ (no guarantee)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No guarantee: a column of the record leaves unchanged with certainty, so the released record can reveal the original.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No guarantee: a value leaves unchanged with certainty, so a released value can reveal the original.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(ε up to 1 is strong, up to 3 moderate, above 3 weak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a released record changes the odds between any two original records at most %2-fold %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a released value changes the odds between any two original values at most %2-fold %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::GuideDialog</name>
    <message>
        <location filename="../../ui/help/GuideDialog.cpp" line="+13"/>
        <source>RR Explorer Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The guide is missing from this build (resource :/help/guide.html).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ImportDialog</name>
    <message>
        <location filename="../../ui/import/ImportDialog.cpp" line="+30"/>
        <source>Open CSV: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The first row names the columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Detect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comma ,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Semicolon ;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Values that mean &quot;missing&quot;, separated by spaces (e.g. ? NA -)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An empty field is missing too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Column names from file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Column names from file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file with one name per line, a data dictionary (&quot;1 MOSTYPE Customer Subtype&quot;: number, name, description) or a one-line CSV header; its names replace the header&apos;s or 1, 2, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Use the file&apos;s names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the file&apos;s own column names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Header:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delimiter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Missing values:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Column names:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Preview of the first rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>First rows as they will be read (missing values in orange):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Column names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Names or data dictionary (*.txt *.csv *.tsv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>1 name from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 names from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+66"/>
        <source>1 column, named from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 columns, named from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No header row: one column, named 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No header row: the columns are named 1 to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 columns.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::InfoBar</name>
    <message>
        <location filename="../../ui/mainwindow/InfoBar.cpp" line="+24"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::IntervalsChart</name>
    <message>
        <location filename="../../ui/charts/IntervalsChart.cpp" line="+15"/>
        <source>Intervals chart: estimate ranges against p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interquantile ranges vs p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>retention probability p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>proportion of records in the cell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>expected estimate = π = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>current p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>simulated estimate (seed %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>retention probability p of %1 (other p fixed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Estimate of cell %1 = %2 as p(%3) varies</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::IntervalsView</name>
    <message>
        <location filename="../../ui/views/IntervalsView.cpp" line="+28"/>
        <source>Cell of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vary p of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>  (%1 records)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::LoginPrompt</name>
    <message>
        <location filename="../../ui/mainwindow/LoginPrompt.cpp" line="+17"/>
        <source>%1
%2

Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Database login</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow/MainWindow.cpp" line="+131"/>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Views of this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+201"/>
        <source>&amp;Open Data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open one or more CSV files with the same header as one table, or one SPSS, Stata or SAS file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Adult Sa&amp;mple</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opening the sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Baskets (.dat)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baskets, FIMI format (*.dat *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open &amp;Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a table or query of a SQLite, PostgreSQL or ODBC database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Sess&amp;ion…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save Session &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export Chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the shown chart as PNG, SVG or PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Copy Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export Re&amp;port…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;lease Randomized Table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review which columns leave randomized, in clear or not at all, then write the table from the secure random generator with a release note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset &amp;Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every p back to 1 (no randomization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Find p with the least utility loss whose max risk is at most τ for the current mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re&amp;sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compute &amp;Trade-off Curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Compare with l-Diversity and Anatomy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release with l-diversity, t-closeness, anatomy and RR-QI at τ = 1/l and compare them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>C&amp;ancel Computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Randomize %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About RR Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Rename %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name of %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot rename %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Roles were assigned automatically: quasi-identifiers %1; sensitive %2. Change them in the Attributes panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source> The file has no header row, so its columns are numbered: name them from a names file or data dictionary (File › Open Data…, Column names from file) or one by one (right-click an attribute › Rename).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source> &lt;b&gt;Next:&lt;/b&gt; set p with the sliders in Parameters, or press Optimize to find the p whose largest risk is at most τ = 1/l; Help › Guide explains the numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Switch to RR-Both and set both p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>No table open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 · rows %2 · dropped %3 · analysed %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 · rows %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cells D = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Max risk %1 %2 τ = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The bundled Adult sample was not found next to the program. Open a CSV file with File ▸ Open Data (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>opening a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Could not open the database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+5"/>
        <source>Could not open the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Connect to the session&apos;s database?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The session %1 reads its data from a database. Connect and run this, read only?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Database: %1
Table: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Database: %1
Query:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The session was not opened: its database was not confirmed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not save the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Session saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Could not export the chart: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chart exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source> The re-identification bound set p: the largest re-identification risk is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> The largest re-identification risk, %1, is within its bound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1 optimized for l = %2&lt;/b&gt;: max risk %3 ≤ τ = %4, objective ∏‖Pᵢ⁻¹‖²_F = %5 (%6 risk evaluations).%7 The sliders moved to the optimum; Ctrl+Z undoes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;b&gt;%1 cannot reach l = %2 (τ = %3).&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lowest max risk any p in %1 reaches: &lt;b&gt;%2&lt;/b&gt;; &lt;b&gt;%3 records&lt;/b&gt; in %4 QI+S combinations stay above τ for every p.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Switch to RR-Both and optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The roles and parameters you changed are not saved in a session. Save them before %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>opening another file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open data (several CSV files with one header form one table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data files (*.csv *.txt *.tsv *.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;CSV files (*.csv *.txt *.tsv);;SPSS, Stata and SAS files (*.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>opening a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+15"/>
        <source>RR Explorer sessions (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Export Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>PNG resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dots per inch (96 = screen size):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not copy the chart: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chart copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf);;HTML page (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Preparing the report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not write the report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Randomized preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the table as File &gt; Release would write it at the current p, drawn from a fixed seed: a preview, not for release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&lt;span style=&apos;color:#b03a00&apos;&gt;&lt;b&gt;PREVIEW, not for release:&lt;/b&gt;&lt;/span&gt; the released table as drawn from seed %1 at the current p (randomized: %2; %3 values changed). File › Release draws from the secure generator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;span style=&apos;color:#b03a00&apos;&gt;No preview: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The preview needs an analysis (set the roles).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Drawing the preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open a table and set the roles before releasing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Randomized table released to %1 with its release note.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>About RR Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;RR Explorer %1&lt;/h3&gt;&lt;p&gt;Randomized response on categorical microdata: see what attackers can still infer (attribute disclosure, Pr(S|QI)) and what analysts lose (reconstruction error), and let the optimizer find retention probabilities for a target l.&lt;/p&gt;&lt;p&gt;Formulas follow the dissertation&apos;s Chapter 5 (eq. 5.1–5.18). Sample data: UCI Adult (CC BY 4.0).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>quitting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>opening the dropped file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MatrixEditor</name>
    <message>
        <location filename="../../ui/withoutp/MatrixEditor.cpp" line="+24"/>
        <source>Distortion matrix of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Warner (p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Binary (p0, p1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invariant PRAM (pd, alpha)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From CSV file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Randomization matrix of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entry (u, v) = P(randomized u | original v): every column sums to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rows: randomized value u; columns: original value v.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>p0 = P(0 | 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pd (diagonal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p1 = P(1 | 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>alpha</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Distortion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv *.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+14"/>
        <location line="+52"/>
        <source>✘ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-25"/>
        <source>row %1, column %2 is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>✔ every column sums to 1, entries in [0, 1], invertible (condition number %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MeasureBarChart</name>
    <message>
        <location filename="../../ui/comparison/MeasureBarChart.cpp" line="+16"/>
        <source>Comparison chart: measures by release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Releases compared at the same τ = 1/l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+97"/>
        <source>privacy requirement l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Press “Compare” to compare the four releases at τ = 1/l.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 (no value at l = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>τ = 1/l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>original data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 at τ = 1/l, l = %2..%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (bars at 0: no value for %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>privacy requirement l (%1 gave no release: the line above says why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MeasureForestChart</name>
    <message>
        <location filename="../../ui/measures/MeasureForestChart.cpp" line="+37"/>
        <source>Association measures chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Association measures relative to the original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>(value − original) / |original|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+108"/>
        <source>, %1×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(value − original) / |original|, clipped at ±%1;  ∅ undefined, not plotted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(value − original) / |original|, clipped at ±%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>estimate (simulated release, seed %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>randomized table, no p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>normal range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chebyshev range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = %2 vs %3 = %4 at p = %5, %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MeasureSurfaceChart</name>
    <message>
        <location filename="../../ui/withoutp/MeasureSurfaceChart.cpp" line="+30"/>
        <source>Measure surface chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure on the randomized table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p (first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p (second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+38"/>
        <source>randomized − original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+1"/>
        <source>p of %1 (d = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>|randomized| − |original|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>|randomized − 1| − |original − 1|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>undefined: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 randomized (original %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+53"/>
        <source>randomized = original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>randomized = original (never above)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MeasureSweepChart</name>
    <message>
        <location filename="../../ui/measures/MeasureSweepChart.cpp" line="+16"/>
        <source>Association measures against p chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure range vs p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>retention probability p of both attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+75"/>
        <source>measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on the randomized table (no p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>original = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>current p(%1) = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 × %3 as p of both varies (N = %4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MeasuresView</name>
    <message>
        <location filename="../../ui/measures/MeasuresView.cpp" line="+6"/>
        <source>Association measures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows: the first attribute (predictor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The category taken as “present”; the others are pooled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Columns: the second attribute (response)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The measure whose range vs p the third tab shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Variance (delta)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normal range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Chebyshev range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Randomized (no p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+1"/>
        <source>Forest plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Range vs p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Columns:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Range vs p of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+129"/>
        <source>Choose two different attributes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 records, %2 × %3 categories; estimates from one simulated randomized release at p(%4) = %5, p(%6) = %7, seeded draw (seed %8: exploration, not a release); ranges at %9%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source> (whole %1 × %2 table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&lt;h2&gt;Association measures: %1 = %2 vs %3 = %4&lt;/h2&gt;&lt;p&gt;One simulated release at p = %5, %6 (seed %7); ranges at %8%.&lt;/p&gt;&lt;table border=&quot;1&quot; cellspacing=&quot;0&quot; cellpadding=&quot;3&quot;&gt;&lt;tr&gt;&lt;th&gt;Measure&lt;/th&gt;&lt;th&gt;Original&lt;/th&gt;&lt;th&gt;Estimate&lt;/th&gt;&lt;th&gt;Normal range&lt;/th&gt;&lt;th&gt;Chebyshev range&lt;/th&gt;&lt;th&gt;Randomized (no p)&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::MiningQualityChart</name>
    <message>
        <location filename="../../ui/baskets/BasketsCharts.cpp" line="+116"/>
        <source>Mining quality chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mining the preview: precision, recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>minimum support s_min (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>share of itemsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::OpenDatabaseDialog</name>
    <message>
        <location filename="../../ui/mainwindow/OpenDatabaseDialog.cpp" line="+18"/>
        <source>Open Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sqlite:///path/to/file.db, postgresql://user@host:5432/database, odbc://DSN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Table name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adult, public.adult, &quot;Adult Data&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQL query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SELECT education, sex, race, workclass FROM adult WHERE ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>from the URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>asked when the server needs one; never saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The database counts the records (one GROUP BY per analysis); only the counts are read. Sessions keep the URL without the password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Give the database&apos;s URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give a query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Give a table name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ParameterPanel</name>
    <message>
        <location filename="../../ui/panels/ParameterPanel.cpp" line="+41"/>
        <source>Randomize:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RR-QI: randomize the quasi-identifiers only (003 Sec. 5.2.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RR-S: randomize the sensitive attribute only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RR-Both: randomize quasi-identifiers and the sensitive attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Target l:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Target l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attribute disclosure limit: max over records of Pr(S_r | QI_r) &lt;= tau = 1/l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>τ =</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Risk bound τ = 1/l</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re-identification ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest re-identification risk for Optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimize also keeps every record&apos;s re-identification risk (the chance that an attacker who knows its quasi-identifiers picks its released record) at most this. 0: no bound. ARX&apos;s default threshold is 0.2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find the p with the least utility loss whose max risk is at most τ (003 Problem 1, Result 16) for the current mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set every p back to 1 (no randomization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+79"/>
        <source>No analysis yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;small&gt;%2, d=%3&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+12"/>
        <source>Retention probability p of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Retention probability p of %1: a value is kept with probability p, otherwise replaced by one of the other %2 categories (Warner, 003 eq. 5.2). Range (1/%3, 1].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>p(%1) = %2 is not above 1/d = 1/%3 (a randomization that keeps nothing of the value); set to %4, the smallest allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>q = %1 &amp;nbsp; ε = %2 &amp;nbsp; ‖P&lt;sup&gt;−1&lt;/sup&gt;‖&lt;sup&gt;2&lt;/sup&gt;&lt;sub&gt;F&lt;/sub&gt; = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>q = (1-p)/(d-1): probability of each other category; ε = ln(p(d-1)/(1-p)): local differential privacy; ‖P⁻¹‖²_F: this attribute&apos;s factor of the utility loss (003 Lemma 5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source> (≈)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&lt;b&gt;Max risk %1&lt;/b&gt; %2 τ = %3 — %4 records above τ&lt;br&gt;Utility loss tr Σ = %5, objective ∏‖P&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;−1&lt;/sup&gt;‖&lt;sup&gt;2&lt;/sup&gt;&lt;sub&gt;F&lt;/sub&gt; = %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ReconstructionChart</name>
    <message>
        <location filename="../../ui/baskets/BasketsCharts.cpp" line="+47"/>
        <source>Reconstruction privacy chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reconstruction probability R(p, s), 002</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>item support s (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R(p, s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>R over the items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>R = %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RecordGroupDialog</name>
    <message>
        <location filename="../../ui/views/RecordGroupDialog.cpp" line="+18"/>
        <source>Group of a risky record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;%1 records share the quasi-identifiers %2.&lt;/p&gt;&lt;p&gt;An attacker who knows a person&apos;s QI values guesses the person&apos;s %3 right with the probability in the last column, after randomization at the current p (risks above τ = %4 in red).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share in the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Risk Pr(Sᵣ | QIᵣ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Records of the group by sensitive value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>undefined: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RecoveredSupportsChart</name>
    <message>
        <location filename="../../ui/baskets/BasketsCharts.cpp" line="-212"/>
        <source>Recovered supports chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recovered supports, 95% ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>itemset (item ids of the file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>support (share of baskets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>true support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>recovered (preview)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ReidentificationChart</name>
    <message>
        <location filename="../../ui/charts/ReidentificationChart.cpp" line="+50"/>
        <source>Re-identification risk chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re-identification risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>risk per record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>records (%, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>current p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Choose the quasi-identifiers to see the re-identification risk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No re-identification risk: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ReidentificationPanel</name>
    <message>
        <location filename="../../ui/views/ReidentificationPanel.cpp" line="+19"/>
        <source>The attacker knows a person&apos;s true quasi-identifiers and that the person is in the release, and picks one released record with those QI values at random. The risk is the chance that the pick is the person&apos;s own record: 1 / (size of the QI group) in the original data (ARX&apos;s prosecutor risk); the mean over the records is the expected share re-identified (marketer risk). Above T: the share of records whose risk exceeds T. Sample uniques: records alone in their QI group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&lt;i&gt;original&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;i&gt;current p&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Above %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sample uniques</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ReleaseDialog</name>
    <message>
        <location filename="../../ui/release/ReleaseDialog.cpp" line="+48"/>
        <location line="+260"/>
        <source>Release Randomized Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-255"/>
        <source>&lt;b&gt;Review what leaves before writing.&lt;/b&gt; Each column is randomized (Warner: kept with probability p, otherwise replaced by another category at random), kept in clear, or dropped. Columns without a role are dropped by default. The table is drawn from the operating system&apos;s secure random generator and written together with a public note to publish with it (the matrices below, epsilon, how to estimate, JSON and HTML) and an audit note to keep inside (source, counts, risk, who and when). The p are the Parameters panel&apos;s: change them there and open this page again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Columns and how they are released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Categories d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ε (local DP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Write to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>released table (.csv); the notes are written beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep the source&apos;s record order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off: the records leave in a uniformly random order. On: anyone who knows how the source is sorted can align released records with persons, which the risk shown does not account for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Risk: the release keeps the source&apos;s record order; anyone who knows how the source is sorted can align its records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Release to database table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writes the release into the source&apos;s database as a new table, created and filled in one transaction: if anything fails or you cancel, no table is left. The note is the table&apos;s comment where the database has comments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>new table (schema.name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace an existing table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Write Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel Write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cancelled: nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Nothing was written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+75"/>
        <source>&lt;b&gt;Records&lt;/b&gt;&lt;br&gt;%1 loaded; %2 dropped because %3; &lt;b&gt;%4 released&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;b&gt;Disclosure risk at these p&lt;/b&gt; (%1)&lt;br&gt;The largest probability that an attacker who knows a person&apos;s quasi-identifiers guesses the sensitive value right: &lt;span style=&apos;color:%2&apos;&gt;&lt;b&gt;%3&lt;/b&gt; %4 τ = %5&lt;/span&gt;; %6 records over τ.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;p&gt;&lt;b&gt;ε per record&lt;/b&gt; (sum over randomized columns): %1. %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Released %1 records to %2 (public note to publish with it: %3, %4; audit note to keep inside: %5), drawn from %6; %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-101"/>
        <source>&lt;p&gt;&lt;b&gt;Columns written&lt;/b&gt; (%1): %2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p style=&apos;color:#b03a00&apos;&gt;&lt;b&gt;Record order&lt;/b&gt;: the source&apos;s, as asked: anyone who knows how the source is sorted can align released records with persons.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p&gt;&lt;b&gt;Record order&lt;/b&gt;: random, so a record&apos;s position says nothing about who it is.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>CSV files (*.csv);;SPSS files (*.sav);;Stata files (*.dta);;SAS transport files (*.xpt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Name the table to release into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Replace files?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These files exist already and would be replaced:
%1

Replace them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+50"/>
        <source>Writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+46"/>
        <source>records in random order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-45"/>
        <location line="+46"/>
        <source>records in the source&apos;s order (a risk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Released %1 records to %2, drawn from %3; %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/release/ReleaseDialog.h" line="+96"/>
        <source>Writing the release</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ReleaseStepPage</name>
    <message>
        <location filename="../../ui/release/ReleaseStepPage.cpp" line="+30"/>
        <source>Review and Release…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opens the release review (File › Release Randomized Table…, Ctrl+Shift+R): choose the columns and the file, then write the table and its notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+50"/>
        <source>&lt;h3&gt;Nothing to release yet&lt;/h3&gt;&lt;p&gt;Open a table and choose the roles first.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;h3&gt;Cannot release&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h3&gt;What will be released&lt;/h3&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p style=&apos;color:#b03a00&apos;&gt;&lt;b&gt;Nothing is randomized yet:&lt;/b&gt; every p is 1, so the table would leave as it is. Set p below 1 in Protect (Optimize) first.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;Mode &lt;b&gt;%1&lt;/b&gt;: these columns leave randomized (each value kept with probability p, otherwise replaced by another value at random):&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Column&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Role&lt;/th&gt;&lt;th&gt;p&lt;/th&gt;&lt;th&gt;Values&lt;/th&gt;&lt;th&gt;ε&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;p&gt;&lt;b&gt;Largest risk&lt;/b&gt;: an attacker who knows a person&apos;s quasi-identifiers guesses the sensitive value right with probability at most &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt; %3 the target 1/l = %4&lt;/span&gt; (%5 records above it).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;p&gt;&lt;b&gt;Records&lt;/b&gt;: %1 released of %2 loaded (%3 dropped: %4), in a random order.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;p&gt;&lt;b&gt;In clear&lt;/b&gt;: %1. Other columns are dropped; the review lets you change this.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RiskChart</name>
    <message>
        <location filename="../../ui/charts/RiskChart.cpp" line="+16"/>
        <source>Risk chart: disclosure risk of the records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disclosure risk over records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>records per risk bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>fraction of records with risk ≤ x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>risk Pr(Sᵣ | QIᵣ) (posterior probability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>records (bin width %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cumulative fraction of records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>τ = 1/l = %1, %2 above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attribute disclosure: max %1, mean %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RiskView</name>
    <message>
        <location filename="../../ui/views/RiskView.cpp" line="+32"/>
        <source>Riskiest records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter or a double click shows the record&apos;s group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Records sharing QI and S values share their risk. Select one to draw its risk surface; double-click to see its QI group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The prior: what an attacker knows without the release. The risk per person counts a correct guess of the person&apos;s own value through the randomized data (Help › Guide, The risk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;Riskiest records&lt;/b&gt; (highest Pr(Sᵣ | QIᵣ) first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+58"/>
        <source>%1 records in %2 QI+S combinations — median %3, 90%: %4, 99%: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Show the Record&apos;s Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Without the release, guessing %1 = %2 for everyone is right for %3% of the persons.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The release adds at most %1 points to that (largest risk %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest risk per person through the release, %1, stays %2 points below that guess.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RiskyRecordsModel</name>
    <message>
        <location filename="../../ui/models/RiskyRecordsModel.cpp" line="+68"/>
        <source> (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>risk</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RowWindowBar</name>
    <message>
        <location filename="../../ui/mainwindow/RowWindowBar.cpp" line="+23"/>
        <source>go to row </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Rows %1 to %2 of %3 (the table shows %4 rows at a time)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RulesChart</name>
    <message>
        <location filename="../../ui/measures/RulesChart.cpp" line="+28"/>
        <source>Rules chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules from the simulated release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>support s (estimate, normal range)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>confidence c (estimate, Chebyshev range)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>s range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>c range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>min s %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min c %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rules of %1 items at p = %2 (seed %3, %4 records)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::RulesView</name>
    <message>
        <location filename="../../ui/measures/RulesView.cpp" line="+17"/>
        <source>Mining rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binary items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Binary items: 0/1 columns, or attribute = category (the rest pooled as absent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min support </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Frequent itemsets: support at least this share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min confidence </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rules: confidence at least this share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p = </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retention probability of every item&apos;s attribute (Warner over its categories), as in 003 Table 3.3; the simulated release uses the session&apos;s seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+3"/>
        <source>Search items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Show only the items whose name contains this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checked only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the items that are checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A numeric attribute to binarize: present when its value is at least the threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The item is present when the attribute&apos;s value is at least this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attribute to binarize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+140"/>
        <source>Add the binarized attribute as a checked item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-138"/>
        <source>decide by the estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by the lower bound (fewer false positives)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by the upper bound (fewer false negatives)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Support: estimate [normal range]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Original support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Confidence: estimate [Chebyshev range]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Original confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Error metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Binarize by a threshold:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Mining failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+48"/>
        <source>No attribute has numbers for categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>%1 of %2 checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Check at least two items on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Mining %1 items…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sure: both ranges above the thresholds; uncertain: a range crosses one; false positive: found, but not a rule of the original records; missed: a rule of the original records not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 records, %2 items, every item randomized at p = %3 in one simulated release (seeded draw, seed %4: exploration, not a release); %5 rules in R ∪ F.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+47"/>
        <source>&lt;h2&gt;Association rules&lt;/h2&gt;&lt;p&gt;%1 items over %2 records at p = %3 (seed %4), min support %5, min confidence %6: %7 sure, %8 uncertain, %9 false positives, %10 missed.&lt;/p&gt;&lt;p&gt;%11&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::SeveralSensitivePanel</name>
    <message>
        <location filename="../../ui/views/SeveralSensitivePanel.cpp" line="+15"/>
        <source>&lt;b&gt;Every sensitive attribute&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Max risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Above τ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records whose largest risk is this attribute&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Each sensitive attribute&apos;s risk Pr(Sᵣ | what its attacker knows) over the table of the quasi-identifiers, what its attacker knows, and itself. A record&apos;s risk is the largest over them; &quot;Sets&quot; counts the records whose largest risk is that attribute&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Its attacker knows the quasi-identifiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Its attacker knows the quasi-identifiers and %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (knows %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest per record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Each record&apos;s largest risk over the sensitive attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;Every sensitive attribute&lt;/b&gt; (%1 records complete in all of them)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::StepBar</name>
    <message>
        <location filename="../../ui/mainwindow/StepBar.cpp" line="+14"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::StepGuide</name>
    <message>
        <location filename="../../ui/mainwindow/StepGuide.cpp" line="+36"/>
        <source>%1 cannot reach l = %2: %3 records keep a risk at or above 1/%2 for every p.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot reach l = %2: the lowest largest risk it reaches is %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no data opened yet. Open a CSV, SPSS, Stata or SAS file (File › Open Data), a database or the Adult sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no sensitive attribute chosen. In Roles, mark the attribute to protect as sensitive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no quasi-identifier chosen. In Roles, mark what an attacker may know as QI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the analysis is not ready yet: it is being prepared, or the message below says why it failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Try RR-Both (the message below offers it) or a smaller l.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing to release yet: every p is 1, so the table would leave unchanged. Set p below 1 in Protect (Optimize) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the largest risk at these p, %1, is above the target 1/l = %2. Protect first (Optimize), or review the release knowing it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::Surface3D</name>
    <message>
        <location filename="../../ui/charts/Surface3D.cpp" line="+51"/>
        <source>This build has no Qt Data Visualization: the 3D view is unavailable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+53"/>
        <location line="+1"/>
        <source>p of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>risk = τ = %1 is not reached on this grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>white dots: contour risk = τ = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; orange ball: current p (risk ≈ %1 from the grid)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::SurfaceChart</name>
    <message>
        <location filename="../../ui/charts/SurfaceChart.cpp" line="+25"/>
        <location line="+26"/>
        <source>Risk surface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-25"/>
        <source>p (x)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p (y)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+139"/>
        <source>risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Click or use the arrow keys to set the two retention probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>retention probability p of %1 (d = %2, from 1/d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p of %1 (d = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pr(Sᵣ|QIᵣ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+95"/>
        <source>max risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-91"/>
        <source>, by p of %1 (x) and %2 (y)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+62"/>
        <source>Risk of the record (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-61"/>
        <location line="+59"/>
        <source>Max risk over records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-58"/>
        <source>; 41×41 grid, other p fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+82"/>
        <source>p(%1) = %2, p(%3) = %4: %5 %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+48"/>
        <source>risk = τ = %1 (not reached on this grid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>contour risk = τ = %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::SurfaceView</name>
    <message>
        <location filename="../../ui/views/SurfaceView.cpp" line="+34"/>
        <source>max risk over records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>risk of a selected record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a record in the Risk view&apos;s table of riskiest records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>x: p of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>y: p of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>3D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the same grid as a 3D surface (Qt Data Visualization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>41×41 grid in %1 ms. Click the map or use the arrow keys to set both p.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>risk of record (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>risk of a selected record (select one in the Risk view)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Select a record in the Risk view; showing max risk meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+2"/>
        <source>Pick p on the risk surface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 does not randomize %2: the click left p(%3) unchanged%4. RR-Both randomizes every attribute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>), p(</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> and set only the other p</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::TableModel</name>
    <message>
        <location filename="../../ui/models/TableModel.cpp" line="+134"/>
        <source>missing value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>record dropped by the missing-value policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>sensitive attribute (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>quasi-identifier (QI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no role (ignored)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::TaskProgress</name>
    <message>
        <location filename="../../ui/mainwindow/TaskProgress.cpp" line="+19"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel the running computation (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::TradeOffChart</name>
    <message>
        <location filename="../../ui/charts/TradeOffChart.cpp" line="+43"/>
        <source>%1, l = %2 (τ = %3)
%4
%5: %6
max risk %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trade-off chart: utility against risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Privacy–utility trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max risk maxᵣ Pr(Sᵣ | QIᵣ) (posterior probability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>current configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Privacy–utility trade-off: press Compute for the current data and roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>l = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source> (infeasible at every l)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (infeasible at %1 of the l)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Privacy–utility trade-off: optimal p for l = 2..%1 (τ = 1/l)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — canceled, partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+61"/>
        <source>, log scale</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::TradeOffView</name>
    <message>
        <location filename="../../ui/views/TradeOffView.cpp" line="+22"/>
        <source>l = 2..</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest target l of the curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tr Σ = E‖π_est − π‖²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>objective ∏‖Pᵢ⁻¹‖²_F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>variational distance (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the optimizer for RR-QI, RR-S and RR-Both at every l (in the background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Press “Compute curves” to run the optimizer for every mode and l.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Targets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Utility loss:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The data, roles or missing-value policy changed: press Compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source> %1 infeasible from l = %2: %3 records stay above τ (lowest max risk %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2 optimal points feasible.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::UncertaintyHeatMap</name>
    <message>
        <location filename="../../ui/comparison/UncertaintyHeatMap.cpp" line="+18"/>
        <source>Uncertainty heat map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Uncertainty coefficients U(B | A) × 10⁻²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Press “Compare” to compare the four releases at τ = 1/l.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (no release)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: U(%2 | %3) = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Uncertainty coefficients U(B | A) × 10⁻² at l = %1 (row A explains column B; colour scale 0..%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::ViewCatalog</name>
    <message>
        <location filename="../../ui/catalog/ViewCatalog.cpp" line="+26"/>
        <location line="+48"/>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intervals vs p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+60"/>
        <source>Risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-59"/>
        <source>Risk surface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+64"/>
        <source>Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Measures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>Baskets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Data: the records as they were read. Check the columns and values, then choose the roles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Roles: mark what an attacker may already know about a person (quasi-identifiers) and the one attribute to protect (sensitive) in the Attributes panel. Next: protect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Protect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Protect: choose the target l (an attacker guesses the sensitive value with probability at most 1/l) and press Optimize, or move the sliders. Next: check the utility.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Utility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Utility: how precisely analysts can still estimate the original counts from the release. Next: check the risk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Risk: how well an attacker who knows a person&apos;s quasi-identifiers can guess the sensitive value. Next: compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare: utility against risk for every target l, and against generalization and anatomy. Next: release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Release: what will be written at these p. Review it, then write the randomized table with its notes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Analysis: what analysts can still learn from the release: association measures, rules, and what survives when p is kept secret.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Baskets: randomize market baskets (the items each customer bought), another kind of data with its own parameters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::WithoutPView</name>
    <message>
        <location filename="../../ui/withoutp/WithoutPView.cpp" line="+17"/>
        <source>The category counted as &quot;present&quot;; the others are pooled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reversed orders…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computed examples: orders a data miner relies on that randomization reverses (003 Sec. 4.4, Results 12–14)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Matrices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced: any distortion matrix for the two attributes in the table of verdicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows&apos; matrix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Columns&apos; matrix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to Warner p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Measures safe without p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Safe without p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Randomized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Compared here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rows:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Columns:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Map:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+129"/>
        <source>Cannot compute: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>, %1×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: no, above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>: yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✘ no guarantee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>✔ safe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Safe by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Verdicts with %1 for %2 and %3 for %4 (the map stays on Warner&apos;s p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (present %2) × %3 (present %4), N = %5, with %6 / %7 (pooled p0, p1: %8, %9 / %10, %11%12). %13 of %14 measures are safe to use on the randomized table without p. Map: %15.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>; all in [0.5, 1], so Result 5 applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; not all in [0.5, 1], so Result 5 does not apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rises above the original at %1 of %2 grid points (by up to %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>never above the original on the %1-point grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;p&gt;Without p an analyst can still bound chi-square, G², M, τ, U, |φ|, |D| and |PS| (003 Result 4; Result 8 for many categories) and, when every p lies in [0.5, 1], |F|, |AV|, |κ| and the distance of the odds ratio, interest, conviction and collective strength from 1 (Result 5). Orders a data miner relies on do not survive; each example below is computed from its COIL 2000 table and distortion:&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>randomized (expected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (the order does not reverse here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Distortion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Without p: what does not survive</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rr::ui::Workspace</name>
    <message>
        <location filename="../../ui/document/Workspace.cpp" line="+137"/>
        <source>Binning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+220"/>
        <source>The comparison saved in the session was computed for other records, roles or missing-value policy; it is not shown. Press Compare on the Comparison page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The trade-off curves saved in the session were computed for other %1; they are not shown. Press Compute on the Trade-off page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>records, roles or missing-value policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>trade-off choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Open a table and choose roles before optimizing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Optimize %1 at l = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/document/Workspace.h" line="+163"/>
        <source>Preparing the analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Risk surface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimizing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trade-off curve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>std</name>
    <message>
        <location line="-4"/>
        <source>Loading data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
