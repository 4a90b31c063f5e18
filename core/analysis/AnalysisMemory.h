#pragma once
// The memory guard: what an analysis over a domain will hold, counted from the sizes of its buffers (the
// joint counts of PreparedTable and every D-sized or QI-sized vector of DisclosureRiskModel, its scratch
// copies for extra threads, and the risk summary's sort), known before any record is read, so a domain
// too large is refused with the figure and the largest attribute sets that would fit.
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

// Per joint cell (D) and per QI cell (D / d_S), at most (every cell with records); DisclosureRisk.h
// lists the buffers: 6 D-sized vectors of doubles or indices (with PreparedTable's counts), 4 QI-sized.
inline constexpr std::size_t kBytesPerCell = 6 * 8;
inline constexpr std::size_t kBytesPerQiCell = 4 * 8;
// The summary's (risk, weight) pairs of the cells with records (risk quantiles).
inline constexpr std::size_t kSummaryBytesPerCell = 16;
// Each thread beyond the first copies the model's scratch: 2 D-sized and 3 QI-sized vectors.
inline constexpr std::size_t kThreadBytesPerCell = 2 * 8;
inline constexpr std::size_t kThreadBytesPerQiCell = 3 * 8;
// The model's work buffer holds two blocks of the first QI's axis more than the QI cells (the fused path's
// column and segment sums): 2 * 8 bytes per QI cell of the axes after the first (D / d_S / d_1), each copy.
inline constexpr std::size_t kWorkBytesPerFirstAxisColumn = 2 * 8;

// 4 GiB unless the caller says otherwise: about 34 million cells of a two-category S.
inline constexpr std::size_t kDefaultAnalysisBudget = std::size_t(4) << 30;

// Each category label is held about three times while an analysis runs (the source's summary, the prepared
// table's categories, the dictionary that coded it): a std::string each and a hash node. Labels longer than
// the short-string buffer also hold their characters on the heap in each copy (labelBytes). Measured: `risk`
// over 8M distinct ids x 2 peaked about 1 GB above the cells' figure, about 128 B a label.
inline constexpr std::size_t kBytesPerLabel = 3 * 32 + 32;
inline constexpr std::size_t kLabelCopies = 3;

struct AnalysisMemory {
    double cells = 0;   // D (a double: a product of many domains may not fit 64 bits)
    double qiCells = 0; // D / d_S
    double labels = 0;  // the category labels' bytes (labelBytes)
    double bytes = 0;   // at most, every cell with records, labels included
};

// The bytes the category labels of the analysed attributes hold: kBytesPerLabel each, plus kLabelCopies x
// (length + 1) for a label longer than 15 bytes.
double labelBytes(const std::vector<std::string>& labels);
double labelBytes(const std::vector<std::vector<std::string>>& categories);

// The bytes of an analysis whose axes (QIs, then S last) have these domain sizes, on `threads` threads,
// with `labels` bytes of category labels (labelBytes).
AnalysisMemory analysisMemory(const std::vector<int>& dims, int threads = 1, double labels = 0);

// An attribute set that fits a budget: the QIs kept (S always kept) and its memory.
struct FittingSet {
    std::vector<std::string> quasiIdentifiers;
    AnalysisMemory memory;
};

// The largest sets of the QIs `names` (domain sizes `qiDims`) that fit `budget` with S of size `ds`: most
// QIs first, then most cells; only maximal sets (no QI can be added), at most `limit` of them. `labels`
// (the category labels' bytes) count in every set's memory.
std::vector<FittingSet> largestFittingSets(const std::vector<std::string>& names, const std::vector<int>& qiDims,
                                           int ds, std::size_t budget, int threads = 1, std::size_t limit = 3,
                                           double labels = 0);

// Throws InputError when the analysis over `names` (QIs then S) with domain sizes `dims` needs more than
// `budget` bytes: the figure, the budget, and the largest QI sets that fit.
void checkAnalysisMemory(const std::vector<std::string>& names, const std::vector<int>& dims, std::size_t budget,
                         int threads = 1, double labels = 0);
// The same before any record is read, from the source's summary (each attribute's categories: an upper
// bound of the domains the kept records show).
void checkAnalysisMemory(const SourceSummary& summary, const AnalysisSpec& spec, std::size_t budget, int threads = 1);

// "1.5 GiB", "312 MiB", "20 KiB".
std::string formatBytes(double bytes);

} // namespace rr
