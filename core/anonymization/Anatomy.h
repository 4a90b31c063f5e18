#pragma once
#include "core/data/Table.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rr {

// An anatomized release (Xiao and Tao, VLDB 2006; 003 Sec. 2.1.1, Definition 4): an l-diverse
// partition of the records into QI-groups, published as a quasi-identifier table (QIT: the
// original QI values plus the group id) and a sensitive table (ST: group id, value, count).
struct AnatomyRelease {
    int l = 0;
    std::vector<int> groupOfRow;                                // group (0-based) of every row
    std::vector<std::vector<std::pair<int, double>>> sensitive; // [group] -> (sensitive code, count)
    std::vector<double> groupSize;                              // records per group
    std::size_t residueRecords = 0;                             // records placed by the residue step

    std::size_t groupCount() const { return groupSize.size(); }
};

// The groups of anatomize() planned from the sizes of the sensitive buckets alone: the k-th record (in table
// order) with sensitive value v goes to group groupOfRank[v][k]; the rest as in AnatomyRelease. The checks
// and the message are anatomize()'s (`name` and `categories` name the sensitive attribute and its values).
struct AnatomyPlan {
    int l = 0;
    std::vector<std::vector<int>> groupOfRank;
    // Step 2's groups hold l values each: group g's are values[g l .. g l + l), ascending. Step 3 adds at
    // most l - 1 residual values, to groups listed in `residue`. About one int per record in all.
    std::vector<std::int32_t> values;
    std::map<std::size_t, std::vector<int>> residue;
    std::size_t residueRecords = 0;

    std::size_t groupCount() const { return l > 0 ? values.size() / static_cast<std::size_t>(l) : 0; }
    double groupSize(std::size_t g) const;
    // The sensitive values of group g, ascending, each once (a group's values are distinct).
    std::vector<int> valuesOf(std::size_t g) const;
};
AnatomyPlan planAnatomy(const std::vector<std::size_t>& bucketSizes, int l, const std::string& name,
                        const std::vector<std::string>& categories);

// Xiao and Tao's anatomize algorithm: bucket the records by sensitive value; while at least l
// buckets are non-empty, take one record from each of the l largest buckets (ties: lower code)
// to form a group; then give each residual record (at most l - 1, of distinct values) to the
// first group without its value that no residual record joined yet (else any group without it).
// Every group then holds at least l records with pairwise distinct sensitive values, so
// Pr(S_r | QI_r) <= 1/l. Records leave a bucket in table order.
// Requires an eligible table: no sensitive value on more than N/l records (InputError naming it),
// individual records (weighted tables are refused), no missing sensitive value, and l >= 2.
AnatomyRelease anatomize(const Table& table, int sensitiveAttribute, int l);

// The QIT: the given QI columns of every row, then "group" (1-based ids).
Table quasiIdentifierTable(const Table& table, const std::vector<int>& qiAttributes, const AnatomyRelease& release);
// The ST: "group" (1-based), the sensitive attribute, and the counts as the table's weights.
Table sensitiveTable(const Table& table, int sensitiveAttribute, const AnatomyRelease& release);

} // namespace rr
