# Installing and packaging (issue 20): `cmake --install` puts the GUI, the CLI, their man pages (made from their
# own --help), the bundled samples, a desktop entry, the icon and the MIME type of session files under the
# prefix; `cpack` (scripts/package.sh) wraps that into a Debian package whose library dependencies come from
# dpkg-shlibdeps. The Python module has its own component and install (scripts/install-python.sh), not here.
set(CMAKE_INSTALL_DOCDIR share/doc/rr-explorer) # GNUInstallDirs would name it after the project (RRExplorer)
include(GNUInstallDirs)
# Installing (and cpack) takes what is built and builds nothing: not the tests and benchmarks of `all`.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(rr_man_dir ${CMAKE_BINARY_DIR}/man)
set(rr_man_pages ${rr_man_dir}/rr-explorer-cli.1.gz)
add_custom_command(
  OUTPUT ${rr_man_dir}/rr-explorer-cli.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${rr_man_dir}
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/man-page.py $<TARGET_FILE:rr-explorer-cli>
          ${rr_man_dir}/rr-explorer-cli.1.gz "randomized response on categorical microdata, from the command line"
          --commands
  DEPENDS rr-explorer-cli ${CMAKE_SOURCE_DIR}/scripts/man-page.py
  COMMENT "Man page of rr-explorer-cli from its --help")
install(TARGETS rr-explorer-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT app)
if(TARGET rr-explorer)
  list(APPEND rr_man_pages ${rr_man_dir}/rr-explorer.1.gz)
  add_custom_command(
    OUTPUT ${rr_man_dir}/rr-explorer.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${rr_man_dir}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/man-page.py $<TARGET_FILE:rr-explorer>
            ${rr_man_dir}/rr-explorer.1.gz "explore and release microdata protected by randomized response"
    DEPENDS rr-explorer ${CMAKE_SOURCE_DIR}/scripts/man-page.py
    COMMENT "Man page of rr-explorer from its --help")
  install(TARGETS rr-explorer RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT app)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/packaging/rr-explorer.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT app)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/app.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
          RENAME rr-explorer.svg COMPONENT app)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/packaging/rr-explorer-session.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME rr-explorer.xml COMPONENT app)
endif()
add_custom_target(man ALL DEPENDS ${rr_man_pages})
install(FILES ${rr_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT app)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT app)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs COMPONENT app FILES_MATCHING PATTERN "*.md")
# The samples, found by the programs at ../share/rr-explorer/data beside their bin/ (core/session/SessionPlaces).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/rr-explorer/data
        COMPONENT app)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rr-explorer)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "RR Explorer")
set(CPACK_PACKAGE_CONTACT "RR Explorer developers <rr-explorer@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explore and release categorical microdata protected by randomized response")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "RR Explorer measures the disclosure risk of a table of categorical microdata, finds the randomized-response\n"
       "parameters that keep it under a bound at the least loss of utility, and releases the randomized table with\n"
       "its release note. A desktop application (rr-explorer) and a command-line tool (rr-explorer-cli).")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Not seen by dpkg-shlibdeps: Qt's platform plugins (the window, offscreen export) and the font the charts use.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, fonts-dejavu-core")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip) # fast to build in the test; the package is small either way
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL app)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
include(CPack)
