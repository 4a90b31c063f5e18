#include "core/loglinear/HierarchicalModel.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace rr {

namespace {

bool isSubset(const std::vector<int>& a, const std::vector<int>& b) // a within b, both sorted
{
    return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

bool canonicalLess(const std::vector<int>& a, const std::vector<int>& b)
{
    if (a.size() != b.size())
        return a.size() > b.size();
    return a < b;
}

std::string letterList(const std::vector<char>& letters)
{
    std::string s;
    for (char c : letters) {
        if (!s.empty())
            s += ", ";
        s += c;
    }
    return s;
}

} // namespace

HierarchicalModel makeModel(std::vector<std::vector<int>> terms, int rank)
{
    if (rank < 1 || rank > kMaxLoglinearAxes)
        throw InputError("a loglinear model needs 1 to " + std::to_string(kMaxLoglinearAxes) + " attributes, not " +
                         std::to_string(rank));
    std::vector<bool> seen(static_cast<std::size_t>(rank), false);
    for (auto& t : terms) {
        if (t.empty())
            throw InputError("a model term must name at least one attribute");
        std::sort(t.begin(), t.end());
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i] < 0 || t[i] >= rank)
                throw InputError("model term refers to attribute " + std::to_string(t[i] + 1) + " of " +
                                 std::to_string(rank));
            if (i > 0 && t[i] == t[i - 1])
                throw InputError("attribute " + std::to_string(t[i] + 1) + " appears twice in one model term");
            seen[static_cast<std::size_t>(t[i])] = true;
        }
    }
    for (int k = 0; k < rank; ++k)
        if (!seen[static_cast<std::size_t>(k)])
            throw InputError("attribute " + std::to_string(k + 1) +
                             " appears in no model term; every attribute needs at least its main effect");
    std::sort(terms.begin(), terms.end(), canonicalLess);
    terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
    HierarchicalModel m;
    m.rank = rank;
    for (const auto& t : terms) { // larger terms come first, so a kept term is never inside a later one
        bool contained = false;
        for (const auto& g : m.generators)
            if (isSubset(t, g)) {
                contained = true;
                break;
            }
        if (!contained)
            m.generators.push_back(t);
    }
    return m;
}

HierarchicalModel saturatedModel(int rank)
{
    std::vector<int> all(static_cast<std::size_t>(std::max(rank, 0)));
    for (int k = 0; k < rank; ++k)
        all[static_cast<std::size_t>(k)] = k;
    return makeModel({all}, rank);
}

HierarchicalModel independenceModel(int rank)
{
    std::vector<std::vector<int>> terms;
    for (int k = 0; k < rank; ++k)
        terms.push_back({k});
    return makeModel(terms, rank);
}

std::vector<std::vector<int>> modelTerms(const HierarchicalModel& model)
{
    std::set<std::vector<int>> terms;
    for (const auto& g : model.generators) {
        const unsigned n = static_cast<unsigned>(g.size());
        for (unsigned mask = 1; mask < (1u << n); ++mask) {
            std::vector<int> t;
            for (unsigned i = 0; i < n; ++i)
                if (mask & (1u << i))
                    t.push_back(g[i]);
            terms.insert(t);
        }
    }
    std::vector<std::vector<int>> out(terms.begin(), terms.end());
    std::sort(out.begin(), out.end(), canonicalLess);
    return out;
}

long long parameterCount(const HierarchicalModel& model, const std::vector<int>& dims)
{
    long long count = 1; // the mean
    for (const auto& t : modelTerms(model)) {
        long long c = 1;
        for (int a : t)
            c *= dims[static_cast<std::size_t>(a)] - 1;
        count += c;
    }
    return count;
}

long long degreesOfFreedom(const HierarchicalModel& model, const std::vector<int>& dims)
{
    if (static_cast<int>(dims.size()) != model.rank)
        throw InputError("the model spans " + std::to_string(model.rank) + " attributes but the table has " +
                         std::to_string(dims.size()));
    long long cells = 1;
    for (int d : dims)
        cells *= d;
    return cells - parameterCount(model, dims);
}

bool containsTerm(const HierarchicalModel& model, const std::vector<int>& term)
{
    std::vector<int> t = term;
    std::sort(t.begin(), t.end());
    for (const auto& g : model.generators)
        if (isSubset(t, g))
            return true;
    return false;
}

HierarchicalModel removeGenerator(const HierarchicalModel& model, const std::vector<int>& generator)
{
    std::vector<int> g = generator;
    std::sort(g.begin(), g.end());
    const auto it = std::find(model.generators.begin(), model.generators.end(), g);
    if (it == model.generators.end())
        throw InputError("the term to remove is not a generator of the model");
    if (g.size() < 2)
        throw InputError("main effects are kept: only interactions are removed");
    std::vector<std::vector<int>> terms;
    for (const auto& other : model.generators)
        if (other != g)
            terms.push_back(other);
    for (std::size_t drop = 0; drop < g.size(); ++drop) {
        std::vector<int> sub;
        for (std::size_t i = 0; i < g.size(); ++i)
            if (i != drop)
                sub.push_back(g[i]);
        terms.push_back(sub);
    }
    return makeModel(terms, model.rank);
}

std::vector<char> defaultLetters(const std::vector<std::string>& attributeNames)
{
    std::vector<char> letters;
    std::set<char> used;
    bool own = true;
    for (const auto& n : attributeNames) {
        if (n.size() != 1 || !std::isalnum(static_cast<unsigned char>(n[0])) || !used.insert(n[0]).second) {
            own = false;
            break;
        }
        letters.push_back(n[0]);
    }
    if (own)
        return letters;
    if (attributeNames.size() > 26)
        throw InputError("model letters A..Z name at most 26 attributes");
    letters.clear();
    for (std::size_t k = 0; k < attributeNames.size(); ++k)
        letters.push_back(static_cast<char>('A' + k));
    return letters;
}

std::vector<char> lettersFromMapping(std::string_view mapping, const std::vector<std::string>& attributeNames)
{
    std::vector<char> letters(attributeNames.size(), '\0');
    std::set<char> used;
    std::size_t pos = 0;
    while (pos <= mapping.size()) {
        std::size_t end = mapping.find(',', pos);
        if (end == std::string_view::npos)
            end = mapping.size();
        std::string_view item = mapping.substr(pos, end - pos);
        while (!item.empty() && item.front() == ' ')
            item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ')
            item.remove_suffix(1);
        const std::size_t eq = item.find('=');
        if (eq != 1 || !std::isalnum(static_cast<unsigned char>(item[0])))
            throw InputError("letter mapping item '" + std::string(item) +
                             "' should read LETTER=attribute, e.g. A=education");
        const char letter = item[0];
        const std::string name(item.substr(2));
        const auto it = std::find(attributeNames.begin(), attributeNames.end(), name);
        if (it == attributeNames.end())
            throw InputError("letter mapping names '" + name + "', which is not one of the model's attributes");
        if (!used.insert(letter).second)
            throw InputError(std::string("letter '") + letter + "' is mapped twice");
        const std::size_t k = static_cast<std::size_t>(it - attributeNames.begin());
        if (letters[k] != '\0')
            throw InputError("attribute '" + name + "' is given two letters");
        letters[k] = letter;
        pos = end + 1;
    }
    for (std::size_t k = 0; k < letters.size(); ++k)
        if (letters[k] == '\0')
            throw InputError("the letter mapping gives no letter to attribute '" + attributeNames[k] + "'");
    return letters;
}

namespace {

// The terms of "AD,G" (between commas) or "[AD][G]" (in brackets, commas optional), as text.
std::vector<std::string_view> modelPieces(std::string_view text, const std::string& whole)
{
    std::vector<std::string_view> pieces;
    if (text.find('[') != std::string_view::npos) {
        std::size_t pos = 0;
        while (pos < text.size()) {
            const char c = text[pos];
            if (c == ' ' || c == '\t' || c == ',') {
                ++pos;
                continue;
            }
            if (c != '[')
                throw InputError("model '" + whole + "': '" + std::string(1, c) +
                                 "' stands outside brackets; write [AD][G] or AD,G");
            const std::size_t close = text.find(']', pos);
            if (close == std::string_view::npos)
                throw InputError("model '" + whole + "': a '[' is never closed");
            pieces.push_back(text.substr(pos + 1, close - pos - 1));
            pos = close + 1;
        }
        return pieces;
    }
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = text.find(',', pos);
        pieces.push_back(text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
        if (comma == std::string_view::npos)
            break;
        pos = comma + 1;
    }
    return pieces;
}

// A term's axes from its letters (spaces ignored), each named once.
std::vector<int> modelTerm(std::string_view piece, const std::vector<char>& letters, const std::string& whole)
{
    std::vector<int> term;
    for (char c : piece) {
        if (c == ' ' || c == '\t')
            continue;
        const auto it = std::find(letters.begin(), letters.end(), c);
        if (it == letters.end())
            throw InputError("model '" + whole + "': '" + std::string(1, c) + "' names no attribute; the letters are " +
                             letterList(letters));
        const int axis = static_cast<int>(it - letters.begin());
        if (std::find(term.begin(), term.end(), axis) != term.end())
            throw InputError("model '" + whole + "': letter '" + std::string(1, c) + "' appears twice in one term");
        term.push_back(axis);
    }
    return term;
}

} // namespace

HierarchicalModel parseModel(std::string_view text, const std::vector<char>& letters)
{
    const std::string whole(text);
    const int rank = static_cast<int>(letters.size());
    // Either "AD,G" (terms between commas) or "[AD][G]" (terms in brackets, commas optional).
    const std::vector<std::string_view> pieces = modelPieces(text, whole);
    std::vector<std::vector<int>> terms;
    for (std::string_view piece : pieces) {
        std::vector<int> term = modelTerm(piece, letters, whole);
        if (term.empty()) {
            if (pieces.size() == 1)
                throw InputError("the model is empty; write its generators, e.g. AD,G");
            throw InputError("model '" + whole + "' has an empty term");
        }
        terms.push_back(term);
    }
    if (terms.empty())
        throw InputError("the model is empty; write its generators, e.g. AD,G");
    std::vector<bool> seen(letters.size(), false);
    for (const auto& t : terms)
        for (int a : t)
            seen[static_cast<std::size_t>(a)] = true;
    for (std::size_t k = 0; k < seen.size(); ++k)
        if (!seen[k])
            throw InputError("model '" + whole + "' leaves out attribute '" + std::string(1, letters[k]) +
                             "'; add it at least as a main effect");
    return makeModel(terms, rank);
}

std::string formatTerm(const std::vector<int>& term, const std::vector<char>& letters)
{
    std::string s;
    for (int a : term)
        s += letters.at(static_cast<std::size_t>(a));
    return s;
}

std::string formatModel(const HierarchicalModel& model, const std::vector<char>& letters)
{
    std::string s;
    for (const auto& g : model.generators) {
        if (!s.empty())
            s += ',';
        s += formatTerm(g, letters);
    }
    return s;
}

} // namespace rr
