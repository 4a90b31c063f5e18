#pragma once
// One pass over an SPSS, Stata or SAS file through ReadStat's callback parser: the variables, the value
// labels and every value, handed to a StatFileHandler as they arrive (nothing is kept here). ReadStat's
// errors, and the limits below, become InputError naming the file.
#include "core/datasource/DataSource.h"
#include "core/statfiles/StatFormat.h"

#include <cstddef>
#include <string>

namespace rr {

// What a file may declare before it is refused (the figure is in the message).
struct StatFileLimits {
    static constexpr int kMaxVariables = 100'000;
    static constexpr std::size_t kMaxStringBytes = std::size_t(1) << 20; // one value, as a CSV field
    static constexpr std::size_t kMaxValueLabels = 100'000;              // labels in one label set
    static constexpr std::size_t kMaxLabelBytes = 64 * 1024;              // one label
    static constexpr std::size_t kMaxCategories = 1'000'000;              // distinct values of one variable
    static constexpr std::size_t kMaxDictionaryBytes = std::size_t(1) << 30; // every distinct value's text
};

struct StatVariableInfo {
    std::string name;
    std::string label;    // the variable label ("" if none)
    std::string labelSet; // the name of its value-label set ("" if none)
    bool isString = false;
    bool isFloat = false; // stored as 4-byte float: formatted as one
};

// One value. `key` identifies a present value: the text of a string, the 8 bytes of a number as a double
// (-0 as 0); value labels use the same keys.
struct StatFileValue {
    enum class Kind { Present, SystemMissing, UserMissing, TaggedMissing };
    Kind kind = Kind::Present;
    char tag = 0; // TaggedMissing: 'a'..'z' (Stata), 'A'..'Z' or '_' (SAS)
    std::string key;
};

class StatFileHandler {
public:
    virtual ~StatFileHandler() = default;
    virtual void metadata(long /*rows, -1 if unknown*/, int /*variables*/) {}
    virtual void variable(int /*index*/, const StatVariableInfo&) {}
    virtual void valueLabel(const std::string& /*set*/, const std::string& /*key*/, const std::string& /*label*/) {}
    // Values arrive row by row, each row's variables in order.
    virtual void value(long row, int variable, const StatFileValue& value) = 0;
};

// Reads `path` as `format`, rows [rowOffset, rowOffset + rowLimit) (rowLimit 0: to the end). Exceptions
// thrown by the handler end the pass and are rethrown; `progress` returning false throws Cancelled.
void readStatFile(const std::string& path, StatFormat format, StatFileHandler& handler, long rowOffset = 0,
                  long rowLimit = 0, const ProgressFunction& progress = {});

// The same without the values: the variables, the value labels and the metadata (its row count).
void readStatFileDictionary(const std::string& path, StatFormat format, StatFileHandler& handler,
                            const ProgressFunction& progress = {});

// The text of a present value: a string as it is, a number in its shortest form (3, not 3.000000).
std::string statValueText(const std::string& key, const StatVariableInfo& variable);

} // namespace rr
