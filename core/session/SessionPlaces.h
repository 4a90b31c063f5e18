#pragma once
// Where a session's relative paths lead: files of the bundled sample folder are stored as "sample:NAME" (so a
// session of the sample opens on any machine), other relative paths resolve against the session's folder.
#include <string>
#include <vector>

namespace rr {

struct SessionPlaces {
    std::string baseDir;   // the session file's folder; empty: relative paths stay relative
    std::string sampleDir; // the bundled sample folder; empty: none installed
};

// The first of `candidates` holding the bundled sample (adult.data.csv), canonical; empty when none does.
// The GUI passes folders beside its executable, the CLI the same beside its own.
std::string findBundledDataDir(const std::vector<std::string>& candidates);
// The folders where an installed or built executable in `executableDir` finds the sample, then `sourceDir`
// (the source tree's resources, compiled in; may be empty).
std::vector<std::string> bundledDataCandidates(const std::string& executableDir, const std::string& sourceDir);

// "sample:NAME" for a file or folder directly in `sampleDir`, else `path` itself.
std::string portableSessionPath(const std::string& path, const std::string& sampleDir);
// The file "sample:NAME" stands for: NAME in `sampleDir`. NAME must be a plain file name (not empty, no '/',
// '\\', '..' or NUL byte) and a sample folder must be installed, else InputError: a session cannot reach a
// file outside the sample folder through it ("sample:../../etc/passwd").
std::string sampleFilePath(const std::string& name, const std::string& sampleDir);
// The inverse of portableSessionPath ("sample:NAME" through sampleFilePath); a relative path is joined to
// places.baseDir.
std::string resolveSessionPath(const std::string& stored, const SessionPlaces& places);

} // namespace rr
