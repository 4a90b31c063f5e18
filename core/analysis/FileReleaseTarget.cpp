#include "core/analysis/FileReleaseTarget.h"

#include <filesystem>

namespace rr {

std::string fileTargetFolder(const std::string& path)
{
    const std::filesystem::path parent = std::filesystem::path(checkWriteTarget(path)).parent_path();
    return parent.empty() ? "." : parent.string();
}

void writeReleaseFiles(FileWrite table, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    std::vector<FileWrite> files{std::move(table)};
    for (FileWrite& f : sideFiles)
        files.push_back(std::move(f));
    for (FileWrite& f : files)
        f.modeMask &= modeMask;
    writeFilesAtomically(files);
}

} // namespace rr
