#pragma once
// Every release is remembered (issue 46): one line of JSON per release in a log the owner keeps, never beside
// the release. A later release of the same persons' values then says so: two independent draws of one value
// are one release through the product of the two channels, whose epsilon is the sum of theirs, so the draws
// together protect less than either says alone.
//
// A column is recognized by a fingerprint of its values, not by its name or its file: a BLAKE2b hash of its
// counts per value (and of its missing values). It says nothing of the data beyond "the same counts"; two
// columns with exactly the same counts of the same values count as the same persons' values.
#include "core/datasource/DataSource.h"
#include "core/release/Release.h"
#include "core/distortion/Epsilon.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// At most this many bytes of log are read (about 100,000 releases).
inline constexpr std::size_t kMaxReleaseLogBytes = std::size_t(64) << 20;

struct ReleasedAttribute {
    std::string name;
    std::string fingerprint;     // columnFingerprint of the source column
    std::optional<double> p;     // the Warner retention; none for a matrix from a file
    std::optional<double> epsilon; // its local-DP level; none when the matrix gives no guarantee
};

struct ReleaseLogEntry {
    std::string when;                 // UTC, "2026-12-03T07:10:00Z"
    std::vector<std::string> outputs; // the files (absolute) or the table
    std::size_t records = 0;
    std::vector<ReleasedAttribute> attributes; // the randomized ones
};

// The log's default place: $XDG_DATA_HOME/rr-explorer/releases.jsonl, else ~/.local/share/rr-explorer/...;
// empty when neither variable names a folder.
std::string defaultReleaseLogPath();

// The fingerprint of a column from its counts per value (any order) and its missing records.
std::string columnFingerprint(const std::vector<std::string>& categories, const std::vector<double>& counts,
                              double missing);

// One randomized column's part of an entry: its fingerprint from `counted` (the source column's counts), its
// Warner p (none for a matrix from a file) and its matrix's epsilon (none without a guarantee).
ReleasedAttribute releasedAttribute(const AttributeSummary& counted, std::optional<double> p,
                                    const EpsilonValue& epsilon);

// The entries of the log at `path` (none when it does not exist). Lines that are not entries (a half-written
// line after a crash, another program's) are skipped and counted in `skipped`. InputError for a log that is
// not a regular file or is larger than kMaxReleaseLogBytes.
std::vector<ReleaseLogEntry> readReleaseLog(const std::string& path, std::size_t* skipped = nullptr);

// Appends `entry` as one line (the folder made 0700, the file 0600, under an exclusive lock). IoError when the
// system refuses.
void appendReleaseLog(const std::string& path, const ReleaseLogEntry& entry);

// Refuses (InputError) a log that is one of `outputs` or sits in the folder of one, where it could be published
// with the release.
void checkReleaseLogPlace(const std::string& path, const std::vector<std::string>& outputs);

// The earlier releases in `log` holding a column with a fingerprint of `current`, oldest first.
std::vector<ReleaseLogEntry> previousReleases(const std::vector<ReleaseLogEntry>& log, const ReleaseLogEntry& current);

// What a release's output says of the earlier ones: "previous_releases": [{"when", "outputs", "p", "epsilon"}],
// and "combined_epsilon": {attribute: the sum over every draw of it, this one included} (null where a draw gives
// no guarantee). An empty object when there are none.
nlohmann::json previousReleasesJson(const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current);

// The owner's warning for a release that draws again values released before: when and where, and the level of
// all the draws of each shared column together.
std::string previousReleasesWarning(const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current);

// The entry of a release the GUI writes: its randomized columns with their counts in `source` (the fingerprints)
// and their p and epsilon; `outputs` as given.
ReleaseLogEntry releaseLogEntry(const ReleaseSummary& summary, const SourceSummary& source,
                                std::vector<std::string> outputs = {});

nlohmann::json toJson(const ReleaseLogEntry& entry);

// "2026-12-03T07:10:00Z" for now.
std::string utcNow();

} // namespace rr
