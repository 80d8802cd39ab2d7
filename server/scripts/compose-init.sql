-- docker-compose: the game API keeps its tables in a database of its own beside the service's.
CREATE DATABASE gameapi OWNER backoffice;
