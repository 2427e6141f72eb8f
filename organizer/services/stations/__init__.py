"""Several stations on one event: hosting and joining (`stations`), following the
other stations' writes (`live`) and repairing what older versions let two stations
write twice (`maintenance`).
"""
