#pragma once
// An SPSS (.sav, .zsav, .por), Stata (.dta) or SAS (.sas7bdat, .xpt) file as a data source, read through
// ReadStat. Opening it is one streaming pass: the variables, their value labels and each one's distinct
// values with counts and kinds of missing values (a Stata file's values read directly where DtaLayout.h
// takes it, DtaScan.h). Every analysis is another pass that counts only what it
// needs; records are streamed for releases and rows re-read by offset for a viewer. Memory is the
// dictionaries of categories, never the records (records() excepted, bounded by its caller).
//
// A labelled variable's categories are its value labels (the codes are in attributeDetails); unlabelled
// values appear as themselves, numbers in their shortest form. System missing, empty strings, SPSS
// user-missing values and ranges, Stata .a-.z and SAS special missing values are missing values.
#include "core/datasource/DataSource.h"
#include "core/statfiles/DtaLayout.h"
#include "core/statfiles/StatFileReader.h"
#include "core/statfiles/StatKeyIndex.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace rr {

// A value-label set as a variable shows it: code (as text) -> label, as declared. Built once per set (and
// kind of variable: the code's text depends on it) and shared by every variable naming the set, not copied
// per variable: 30 variables of one 99,999-label set hold one list.
using ValueLabelList = std::vector<std::pair<std::string, std::string>>;
class ValueLabels {
public:
    ValueLabels() = default;
    explicit ValueLabels(std::shared_ptr<const ValueLabelList> list) : m_list(std::move(list)) {}
    std::size_t size() const { return m_list ? m_list->size() : 0; }
    bool empty() const { return size() == 0; }
    const ValueLabelList::value_type* begin() const { return m_list ? m_list->data() : nullptr; }
    const ValueLabelList::value_type* end() const { return begin() + size(); }
    // The list these labels share with every variable of the same set (null: none).
    const ValueLabelList* shared() const { return m_list.get(); }
    friend bool operator==(const ValueLabels& a, const ValueLabels& b)
    {
        return a.m_list == b.m_list || std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::shared_ptr<const ValueLabelList> m_list;
};

// What a statistical file says of a variable beyond its counts.
struct AttributeDetails {
    std::string label;                                      // the variable label ("" if none)
    ValueLabels codes;                                      // its value label set (shared), as declared
    double systemMissing = 0;                               // system missing (and empty strings)
    double userMissing = 0;                                 // SPSS user-missing values and ranges
    std::map<char, double> taggedMissing;                   // Stata .a-.z, SAS .A-.Z and ._
};

// How the counting passes read a Stata file: its records directly where DtaLayout.h takes the file
// (ReadStat for the rest), or ReadStat only (to compare the two).
enum class StatFileReading { Direct, ReadStatOnly };

class StatFileSource : public DataSource {
public:
    // Reads the file once now. InputError naming the file and ReadStat's reason, or the limit passed.
    static std::shared_ptr<const StatFileSource> open(const std::string& path, StatFormat format,
                                                      const ProgressFunction& progress = {},
                                                      StatFileReading reading = StatFileReading::Direct);

    std::string description() const override;
    const SourceSummary& summary() const override { return m_summary; }
    bool isWeighted() const override { return false; }
    KeptSummary summarize(const std::vector<std::string>& names, MissingPolicy policy,
                          const ProgressFunction& progress = {}) const override;
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const ProgressFunction& progress = {}) const override;
    Table records(std::size_t maxRows, const ProgressFunction& progress = {}) const override;
    RowPage rows(std::size_t first, std::size_t count) const override;
    void scanRecords(const RecordScan& scan, const ProgressFunction& progress = {}) const override;
    std::uint64_t byteSize() const override;
    std::vector<std::string> inputFiles() const override { return {m_path}; }
    // The variable's labels and kinds of missing values; null for an unknown name.
    const AttributeDetails* attributeDetails(const std::string& name) const;
    std::string attributeLabel(const std::string& name) const override;

    const std::string& path() const { return m_path; }
    StatFormat format() const { return m_format; }
    // Whether the counting passes read the records directly (a Stata file DtaLayout.h takes).
    bool readsDirectly() const { return m_dta.has_value(); }

    // A variable as the passes need it: its category (summary index) of each present value's key.
    struct Variable {
        StatVariableInfo info;
        StatKeyIndex categoryOfKey;
        AttributeDetails details;
    };

private:
    StatFileSource() = default;
    // One pass over rows [first, first + count) (count 0: all): `row` gets each row's category per
    // variable (-1: missing), in summary order.
    void eachRow(const std::function<void(const std::int32_t*)>& row, const ProgressFunction& progress,
                 long first = 0, long count = 0) const;
    std::vector<int> indicesOf(const std::vector<std::string>& names) const;
    // Blocks of rows as categories of the variables `read` (row-major), from `threads` threads (see
    // threadsOf); blocks of one thread in row order.
    using CodesBlock = std::function<void(int thread, const std::int32_t* codes, std::size_t rows)>;
    int threadsOf() const;
    void eachBlock(const std::vector<int>& read, const CodesBlock& block, const ProgressFunction& progress) const;

    std::string m_path;
    StatFormat m_format = StatFormat::Dta;
    SourceSummary m_summary;
    std::vector<Variable> m_variables; // summary order
    std::optional<DtaLayout> m_dta;    // set: the counting passes read the records directly
};

} // namespace rr
