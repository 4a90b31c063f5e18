#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rr {

// Largest number of attributes (axes) a loglinear model may span: the model search and the
// saturated coefficients enumerate up to 2^k terms.
inline constexpr int kMaxLoglinearAxes = 12;

// A hierarchical loglinear model given by its generators, the highest-order interactions
// (003 Sec. 4.3.1): (ABC, DE) contains every subset of ABC and of DE. Axes are 0-based positions
// of the table's attributes. Canonical form: each generator sorted, none contained in another,
// generators sorted by (size descending, then lexicographically).
struct HierarchicalModel {
    int rank = 0;                             // number of axes of the table
    std::vector<std::vector<int>> generators; // canonical

    bool operator==(const HierarchicalModel& other) const = default;
};

// Canonical model from any list of terms: drops terms contained in others, sorts. Throws InputError
// for an axis outside [0, rank), a repeated axis in a term, an empty term, rank outside
// [1, kMaxLoglinearAxes], or an axis that appears in no term (every attribute must appear, at least
// as a main effect: otherwise the model would force it uniform).
HierarchicalModel makeModel(std::vector<std::vector<int>> terms, int rank);
HierarchicalModel saturatedModel(int rank);
// All main effects, no interaction: (A, B, C).
HierarchicalModel independenceModel(int rank);

// Every term of the model (all non-empty subsets of its generators), each sorted, in canonical order.
std::vector<std::vector<int>> modelTerms(const HierarchicalModel& model);

// Number of free parameters sum over terms (and the mean) of prod (d_i - 1); df = cells - that.
long long parameterCount(const HierarchicalModel& model, const std::vector<int>& dims);
long long degreesOfFreedom(const HierarchicalModel& model, const std::vector<int>& dims);

// Whether the model contains `term` (a subset of some generator).
bool containsTerm(const HierarchicalModel& model, const std::vector<int>& term);

// The model with one generator (of two or more axes) removed and replaced by its sub-terms of one
// axis less (backward elimination's step). Throws InputError if `generator` is not a generator or
// is a main effect.
HierarchicalModel removeGenerator(const HierarchicalModel& model, const std::vector<int>& generator);

// Letters that name the axes in model text: the attribute names themselves when every name is a
// single distinct letter or digit (COIL's A..J), else "A", "B", ... in attribute order.
std::vector<char> defaultLetters(const std::vector<std::string>& attributeNames);

// Letters from an explicit mapping "A=education,B=sex,..." (letter = attribute name), one letter
// per attribute; attributes not mentioned get no letter (InputError). Throws on repeats, unknown names.
std::vector<char> lettersFromMapping(std::string_view mapping, const std::vector<std::string>& attributeNames);

// Parses "AD,G", "ABC, DE" or "[AD][G]" with letters[k] naming axis k. Throws InputError naming
// the unknown letter (listing the allowed ones), a letter repeated within a term, an empty term,
// or a missing attribute.
HierarchicalModel parseModel(std::string_view text, const std::vector<char>& letters);
// "AD,G": the canonical generators written with the letters.
std::string formatModel(const HierarchicalModel& model, const std::vector<char>& letters);
std::string formatTerm(const std::vector<int>& term, const std::vector<char>& letters);

} // namespace rr
