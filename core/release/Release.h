#pragma once
// A randomized table to publish: which columns leave randomized, in clear or not at all, which records,
// the risk at these p, the matrices published beside the table, and the all-or-nothing write with its
// release note (JSON + HTML). Every front end shows this plan and delegates the write here.
#include "core/datasource/DataSource.h"
#include "core/release/ReleaseTarget.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/distortion/Epsilon.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"
#include "core/risk/DisclosureRisk.h"
#include "core/risk/ShareInference.h"

#include <Eigen/Dense>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr {

enum class ReleaseAction { Randomize, KeepClear, Drop };
std::string toString(ReleaseAction action); // "randomized", "kept in clear", "dropped"

// What the data owner chose: an action per column of the source (absent = dropped), p per randomized
// column, the mode and tau the risk is checked against.
struct ReleaseChoice {
    std::map<std::string, ReleaseAction> actions;
    std::map<std::string, double> p;
    RandomizationMode mode = RandomizationMode::QI;
    double tau = 0.5;
};

struct ReleaseColumn {
    std::string name;
    std::string role; // "quasi-identifier", "sensitive", "known" (to an attacker of a sensitive attribute) or "ignored"
    ReleaseAction action = ReleaseAction::Drop;
    int d = 0;                           // categories in the released records (0 when dropped)
    std::vector<std::string> categories; // released records' categories: rows and columns of the matrix
    double p = 1;                        // retention (randomized columns; 1 otherwise)
    double q = 0;                        // off-diagonal (1-p)/(d-1) (randomized columns)
    EpsilonValue epsilon;                // local DP of the column's matrix (randomized columns)
    // A matrix the owner gave (CLI --matrix), not Warner's: Pr(released u | original v) in column v. Unset: Warner(d, p).
    std::optional<Eigen::MatrixXd> matrix;
};

// What the published shares of one sensitive attribute reveal (issue 46), over the original groups: its QIs (and
// what its attacker knows) then itself.
struct SensitiveInference {
    std::string attribute;
    std::vector<std::string> values; // the sensitive attribute's categories
    std::vector<std::string> groupAttributes; // the attributes of a group, in order
    std::vector<std::vector<std::string>> groupAttributeValues; // their categories
    ShareInference inference;
    // "sex = Male, race = White": the attributes' values of one group.
    std::string groupLabel(std::size_t group) const;
};
SensitiveInference sensitiveInference(const PreparedTable& table, double tau);

struct ReleaseSummary {
    std::vector<ReleaseColumn> columns; // every source column, in source order
    std::string policy;                 // the missing-value policy, in words
    std::size_t loadedRows = 0;
    std::size_t droppedRows = 0; // records the missing-value policy drops (not released)
    std::size_t releasedRows = 0;
    RandomizationMode mode = RandomizationMode::QI;
    double tau = 0.5;
    RiskSummary risk;           // Pr(S_r | QI_r) at the released p (1 for columns not randomized)
    bool meetsTau = false;      // max risk <= tau (within kRiskTolerance)
    EpsilonValue recordEpsilon; // sum over the randomized columns (sequential composition)
    ReidentificationStep reidentification; // over the QIs at the released p (issue 22)
    // Several sensitive attributes (issue 22): the targets and each one's risk at the released p; `risk` is then
    // each record's largest over them.
    std::vector<SensitiveTarget> targets;
    std::optional<SeveralSensitiveRisk> several;
    std::vector<SensitiveInference> inference; // one per sensitive attribute (issue 46)
    std::vector<std::string> warnings;
    // What the release log says of earlier releases of these values (core/session/ReleaseLog.h): the JSON object
    // {"previous_releases", "combined_epsilon"} the audit note carries; empty when there are none.
    std::string previousReleases;

    std::vector<const ReleaseColumn*> randomized() const;
    std::vector<std::string> releasedNames() const; // randomized and clear columns, source order
};

// The default choice: the analysed columns the mode randomizes with their stored p clamped into (1/d, 1]
// (randomized when p < 1, else in clear), the other analysed columns in clear, ignored columns dropped.
// With several sensitive attributes (`several`, issue 22) their attributes count as analysed too.
ReleaseChoice defaultReleaseChoice(const PreparedAnalysis& analysis, const std::vector<std::string>& sourceColumns,
                                   RandomizationMode mode, const std::map<std::string, double>& storedP, double tau,
                                   const SeveralSensitiveAnalysis* several = nullptr);

// The summary of a choice. Only analysed columns (QIs, S) may be randomized: their risk is modelled.
// Throws InputError naming the column for an unknown column, a randomized ignored column, p outside
// (1/d, 1], tau outside (0, 1], or nothing released.
// With `several`, every sensitive attribute and what its attacker knows may be randomized too, and the risk is
// judged for each (the released records: those complete in all of them, as the policy says).
ReleaseSummary summarizeRelease(const PreparedAnalysis& analysis, const std::vector<std::string>& sourceColumns,
                                const ReleaseChoice& choice, const SeveralSensitiveAnalysis* several = nullptr);

// The released table: the records the analysis keeps, the released columns in source order, randomized
// columns drawn from their Warner matrices (003 eq. 5.2). `records`: every source record (source order).
Table releaseTable(const Table& records, const ReleaseSummary& summary, const AnalysisSpec& spec, RandomSource& rng,
                   RandomizationReport* report = nullptr);

// The first released records, for a preview: the source read a page at a time (DataSource::rows) until
// `maxRecords` records are kept or it ends; kept, released and randomized as releaseTable does, in source
// order (a written release's order is random). Memory: one page and the preview, whatever the source holds.
struct ReleasePreview {
    Table table;
    bool whole = false;        // every released record is in `table` (the source was read to its end)
    std::size_t readRows = 0;  // source rows read
    std::size_t droppedRows = 0;
    RandomizationReport report;
};
ReleasePreview previewRelease(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                              RandomSource& rng, std::size_t maxRecords, const ProgressFunction& progress = {});

// Largest d written out as a full matrix in the note; larger ones are published as (p, q) alone.
inline constexpr int kNoteMatrixMaxCategories = 100;

struct ReleaseFiles {
    std::string table;    // the randomized CSV
    std::string noteJson; // the public note, published with the table (core/release/ReleaseNotes.h)
    std::string noteHtml;
    std::string auditJson; // the owner's audit note, kept inside
    std::string auditHtml;
    // The same records, in the same order, in other formats too (one draw: "out.sav", "out.dta"); the table's
    // target then writes them all (core/statfiles fileReleaseTarget of several paths).
    std::vector<std::string> alsoAs;
};
// "out.csv" -> out.csv, out.note.json, out.note.html, out.audit.json, out.audit.html
ReleaseFiles releaseFilesFor(const std::string& tablePath);
// files.table again with each extension of `extensions` (".sav", ...) other than its own, for ReleaseFiles::alsoAs.
std::vector<std::string> sameReleaseAs(const std::string& tablePath, const std::vector<std::string>& extensions);
// Targets that exist already (the caller refuses them or asks before replacing).
std::vector<std::string> existingTargets(const ReleaseFiles& files);

struct ReleaseOutcome {
    ReleaseFiles files;
    RandomizationReport report;
    std::string generator;
    bool randomOrder = true;
};

// Randomizes the records of `source` the summary was made for and writes the table and its notes all or
// nothing, streaming (core/release/StreamRelease.h): any number of records, in a uniformly random order
// unless `keepOrder`. Refuses (InputError) a generator that is not the OS CSPRNG, a target that is one of
// `inputPaths`, two equal targets, existing targets unless `replaceExisting`, and records that changed
// since the summary. `progress` returning false cancels (Cancelled; nothing is written). `table`: the table's
// target when it is not a CSV file at files.table (an SPSS/Stata/SAS file: core/statfiles), the notes beside it.
ReleaseOutcome writeRelease(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                            const ReleaseFiles& files, RandomSource& rng, bool replaceExisting,
                            const std::vector<std::string>& inputPaths, const std::string& sourceName,
                            const std::string& missingToken = "?", bool keepOrder = false,
                            const ProgressFunction& progress = {}, ReleaseTarget* table = nullptr);

// The same release into another target (a database table: core/sources/SqlReleaseTable, whose comment carries
// the note), with no note files. The same refusals as writeRelease for the generator and changed records.
ReleaseOutcome writeReleaseTo(ReleaseTarget& target, const DataSource& source, const ReleaseSummary& summary,
                              const AnalysisSpec& spec, RandomSource& rng, bool keepOrder = false,
                              const ProgressFunction& progress = {});

} // namespace rr
