#pragma once
// Writing a randomized release of any number of records: the source is read once in chunks (in parallel
// where it streams) and each record scattered to a temporary bucket chosen from its chunk's ChaCha20
// stream, then written in a uniformly random order (ExternalShuffle) with its side files (notes), all or
// nothing. When every released column is coded (randomized or recoded), a record travels as its codes
// (CodedRecord) and is randomized in its bucket, from the bucket's own stream; a column kept in clear or
// computed in source order makes the records travel as text, randomized in their chunk. Memory: the chunks
// in flight and one bucket, never the records. The CLI's `randomize` and the GUI's release (writeRelease)
// both come here.
#include "core/datasource/DataSource.h"
#include "core/release/ReleaseTarget.h"
#include "core/data/AtomicWrite.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// How one column of the source leaves.
struct ColumnRelease {
    enum class Action { Drop, Clear, Randomize, Recode };
    Action action = Action::Drop;
    // Randomize: the categories the matrix's rows and columns stand for, and the matrix (003 eq. 2.1).
    // Recode and columns named in ReleasePlan::filterColumns: the categories values are coded by.
    std::vector<std::string> categories;
    std::optional<DistortionMatrix> matrix;
    // Recode: the text written for each category (a generalization's label at its level).
    std::vector<std::string> recoded;
    // A record missing a value here is not released (the missing-value policy).
    bool dropIfMissing = false;
};

struct ReleasePlan {
    std::vector<ColumnRelease> columns; // per attribute of the source summary, in its order
    // The order the released columns are written in (indices into `columns`); empty: the source's.
    std::vector<std::size_t> columnOrder;
    std::string missingToken = "?";     // how a missing value is written
    bool keepOrder = false;             // the source's record order (an explicit choice: a risk)
    std::size_t memoryBudget = std::size_t(64) << 20; // bytes of records held at once when ordering
    // Records left out by their original codes in these columns (in this order; each column's categories
    // code them): e.g. the suppressed equivalence classes of a generalization. Empty: none.
    std::vector<std::size_t> filterColumns;
    std::function<bool(const std::int32_t* codes)> leaveOut;
    // A last column computed in source order from the record's original codes in `orderedInputs` (each
    // column's categories code them; -1 for a missing value): e.g. anatomy's group, which depends on the
    // record's rank among those with its sensitive value. Empty name: none.
    std::string orderedColumn;
    std::vector<std::size_t> orderedInputs;
    std::function<std::string(const std::int32_t* codes)> orderedValue;
    // When set, the randomized columns' categories (and matrices) are not known yet: the one pass over the
    // source finds them (in order of first appearance, as DataSource::describeAttributes does) and then calls
    // this with them (per randomized column, in the order they are written) to fill in `categories` and
    // `matrix`; it may throw (nothing is written). A file is then read once, not twice; a column with more
    // than 65,534 categories makes it read twice (counted first). Only for plans whose released columns are
    // all randomized, with no filter or ordered column.
    std::function<void(ReleasePlan& plan, const std::vector<std::vector<std::string>>& categories)> discover;
};

struct StreamReleaseReport {
    RandomizationReport randomization; // released records, values changed
    std::size_t droppedRows = 0;       // records the plan's missing-value policy leaves out
    std::size_t leftOut = 0;           // records the plan's filter leaves out (suppressed)
    bool randomOrder = true;
    std::size_t buckets = 0; // temporary files the order was drawn with
    std::string generator;   // "secure (ChaCha20 streams ... keyed from the OS CSPRNG)" or the seeded label
};

// "random (a uniform permutation drawn from the same generator)" or the risk of the source's order.
std::string releaseOrderText(bool randomOrder);

// Reads `source`, randomizes, and writes the table to `tablePath` (a CSV of the released columns, source
// order of columns) together with the files `sideFiles` gives once the report is known (they may also
// refuse: an exception there writes nothing), all or nothing. `check` runs on the report before anything
// is written. Randomness: a key drawn from `rng`, one ChaCha20 stream per chunk and per bucket. Throws
// InputError for a weighted source (randomized response acts on single records) or a value outside a
// randomized column's categories; IoError when the disk fails; Cancelled when `progress` returns false
// (progress: fraction of the whole job).
StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  const std::string& tablePath,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress = {});
// The same into any target (a database table: core/sources/SqlReleaseTable): one code path for the values and
// the order; the target stores the records it is handed (the CSV file above is CsvReleaseTarget).
StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  ReleaseTarget& target,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress = {});

} // namespace rr
